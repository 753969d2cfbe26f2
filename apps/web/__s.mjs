import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3411';
const [email, password, ...paths] = process.argv.slice(2);
const token = (await (await fetch(base + '/api/session.create.php', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ u: email, p: password }) })).json()).g;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
await context.addInitScript((t) => localStorage.setItem('clubSession', t), token);
await context.addCookies([{ name: 'clubSession', value: token, url: base }]);
const page = await context.newPage();
for (const spec of paths) {
  const [path, selector] = spec.split('|');
  await page.goto(base + path, { waitUntil: 'networkidle' });
  if (selector) await page.locator(selector).first().scrollIntoViewIfNeeded();
  const name = '/tmp/shots/m' + path.replace(/\W/g, '_') + '.png';
  await page.screenshot({ path: name, fullPage: process.env.FULL === '1' });
  console.log(name, await page.evaluate(() => [document.documentElement.scrollWidth, ...[...document.querySelectorAll('table')].map((t) => `${t.className} ${t.scrollWidth}/${t.parentElement.clientWidth} ${getComputedStyle(t.parentElement).overflowX}`)]));
}
await browser.close();
