import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, CLUB_NAME, DEMO_ADMIN, openPageAs, startHarness, type Harness } from './harness.ts';

/**
 * Markup typed into every text field that a page shows must come out as text: nothing runs
 * (no script, no event handler, no javascript: link), whatever the field. The payloads call
 * window.__pwned, which the test defines before any page script; the DOM is also searched for
 * elements the payloads would create if they were rendered as HTML.
 */
const THIS_YEAR = new Date().getFullYear();
const IMG = '<img src=x onerror=__pwned()>';
const SCRIPT = '<script>__pwned()</script>';
const LINK = '<a href="javascript:__pwned()">link</a>';
const SVG = '<svg onload=__pwned()>';
/** The most markup that fits a field of `max` characters. */
const payload = (max: number) => (max >= 200 ? IMG + SCRIPT + LINK + SVG : max >= 100 ? IMG + SCRIPT + SVG : max >= 30 ? IMG : '"><svg onload=x>');

let harness: Harness;
let token: string;

async function call(name: string, fields: Record<string, string | string[]>): Promise<number> {
  const form = new FormData();
  form.append('g', token);
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(Array.isArray(value) ? `${key}[]` : key, item);
  }
  const res = await fetch(`${harness.baseUrl}/api/${name}.php`, { method: 'POST', body: form });
  return res.status;
}

beforeAll(async () => {
  harness = await startHarness();
  const login = await fetch(`${harness.baseUrl}/api/session.create.php`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ u: DEMO_ADMIN.email, p: DEMO_ADMIN.password }),
  });
  token = ((await login.json()) as { g: string }).g;
  const saves = [
    call('member.save', {
      i: '0',
      o: '1',
      fn: payload(100),
      l: payload(100),
      displayName: payload(100),
      e: 'markup.tester@example.test',
      p: payload(50),
      a: payload(200),
      c: payload(100),
      s: payload(50),
      z: payload(20),
      cars: [payload(200)],
    }),
    call('president.save', { i: '0', y: String(THIS_YEAR + 2), n: payload(200) }),
    call('shaftAwardWinner.set', { i: '0', y: String(THIS_YEAR), n: payload(200) }),
    call('startupParty.set', { i: '0', n: payload(200), o: payload(200), m: payload(200), x: payload(200) }),
    call('boardMembers.save', { y: String(THIS_YEAR), p: [payload(200)], m: [payload(200)] }),
    call('idea.set', { t: payload(200), c: payload(200), a: payload(200) }),
  ];
  expect(await Promise.all(saves)).toEqual([200, 200, 200, 200, 200, 200]);
});
afterAll(async () => {
  await harness?.close();
});

/** What ran, and what the payloads would have created as elements. */
async function damage(page: Page): Promise<{ ran: string[]; elements: number }> {
  return page.evaluate(() => ({
    ran: (window as unknown as { __ran: string[] }).__ran,
    elements:
      document.querySelectorAll('[onerror], [onload], a[href^="javascript:" i], svg[onload], img[src="x"]').length +
      [...document.scripts].filter((script) => script.text.includes('__pwned')).length,
  }));
}

const PAGES: [string, string][] = [
  ['/new-page-3', 'Past Club Presidents'],
  ['/the-shaft-award', 'The Shaft Award'],
  ['/start-up-parties-2', 'Start-up Parties'],
  ['/board-members', 'Board Members'],
  ['/our-founders', 'Our Founders'],
  ['/memberList', 'Member List'],
];

describe('text is rendered safely', () => {
  it('runs nothing typed into any field, on every page that shows it', async () => {
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.addInitScript(() => {
      const ran: string[] = [];
      Object.assign(window, { __ran: ran, __pwned: () => ran.push(location.pathname) });
    });
    for (const [url, heading] of PAGES) {
      await page.goto(url);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForFunction((title) => document.title === title, `${heading} - ${CLUB_NAME}`);
      await page.getByRole('status').filter({ hasText: 'Loading' }).waitFor({ state: 'detached' });
      // The markup is on the page, as text.
      await page.getByText('onerror=__pwned()', { exact: false }).first().waitFor();
      expect({ url, ...(await damage(page)) }).toEqual({ url, ran: [], elements: 0 });
      await checkA11y(page);
    }
    expect(dialogs).toEqual([]);
    await page.context().close();
  });
});
