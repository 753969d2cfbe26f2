// Browser tests drive the system Chromium (never a downloaded one). Installs Debian's packages with
// apt-get when they are missing and we can (root on Debian/Ubuntu); otherwise says in one line how to get them.
//
//   node scripts/ensure-chromium.mjs               the journeys: chromium-headless-shell, and chromium for push
//   node scripts/ensure-chromium.mjs --lighthouse  Lighthouse: the whole browser (chromium), as a phone's user runs it
//
// Most journeys run in the headless shell (Chromium's "old headless", which Playwright too runs by
// default): no browser window, tab strip or omnibox behind the page, so a page costs about half the
// CPU of the whole browser in --headless mode (48 page loads: 26 CPU s against 49 on this 2-core
// machine), with the same engine drawing it. The shell has no notifications, so the push journeys
// run in the whole browser (harness.ts, `wholeBrowser`).
// CHROMIUM_SHELL_PATH and CHROMIUM_PATH name other binaries for the two.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const SHELL = { pkg: 'chromium-headless-shell', paths: [process.env.CHROMIUM_SHELL_PATH, '/usr/bin/chromium-headless-shell'] };
const WHOLE = { pkg: 'chromium', paths: [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'] };

const needed = process.argv.includes('--lighthouse') ? [WHOLE] : [SHELL, WHOLE];
const isThere = (browser) => browser.paths.some((p) => p && existsSync(p));
const missing = () => needed.filter((browser) => !isThere(browser)).map((browser) => browser.pkg);

if (missing().length > 0) {
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canApt) {
    const packages = missing().join(' ');
    console.log(`Chromium is missing; installing it with apt-get (Debian: ${packages})…`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, { stdio: 'inherit' });
  }
}
if (missing().length > 0) {
  console.error(
    `Browser tests need Chromium: run \`sudo apt-get install ${missing().join(' ')}\` (or set CHROMIUM_SHELL_PATH / CHROMIUM_PATH to Chromium binaries).`,
  );
  process.exit(1);
}
