import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { expect, inject, onTestFailed } from 'vitest';
import { SESSION_COOKIE } from '@club/contracts/session-cookie';
import { SESSION_STORAGE_KEY } from '../src/lib/session-token.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR the built server filled with demo data once (global-setup.ts), for each file to copy. */
    demoDataTemplate?: string;
    /**
     * A session token of each demo account, by `${email}\n${password}`: made by session.create on
     * the template's server, so the sessions are in every copy of it.
     */
    demoSessions?: Record<string, string>;
  }
}

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** E2E_SERVER_ENTRY and E2E_WEB_DIST let an engineer test a private build while others use dist/. */
const SERVER_ENTRY = path.resolve(REPO_ROOT, process.env.E2E_SERVER_ENTRY ?? 'apps/api/dist/server.js');
const WEB_DIST = process.env.E2E_WEB_DIST ? path.resolve(REPO_ROOT, process.env.E2E_WEB_DIST) : undefined;
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/e2e');
const STARTUP_TIMEOUT_MS = 90_000;
const SHUTDOWN_TIMEOUT_MS = 5_000;
/** A start takes about 0.5-1 s: asking every 25 ms rather than 200 ms finds it ready about 0.1 s sooner per file. */
const HEALTH_POLL_MS = 25;

/**
 * E2E_PROFILE=<file>: wall time per kind of step (server start, Chromium, contexts, page loads,
 * log-ins, axe) of each journey file, appended to that file as one line when its harness closes,
 * to see where a journey's time goes.
 */
const PROFILE_FILE = process.env.E2E_PROFILE;
const IS_PROFILING = Boolean(PROFILE_FILE);
const profile = new Map<string, { count: number; ms: number }>();

async function timed<T>(step: string, run: () => Promise<T>): Promise<T> {
  if (!IS_PROFILING) return run();
  const started = performance.now();
  try {
    return await run();
  } finally {
    const entry = profile.get(step) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += performance.now() - started;
    profile.set(step, entry);
  }
}

function writeProfile(): void {
  if (!PROFILE_FILE) return;
  const steps = [...profile].sort((a, b) => b[1].ms - a[1].ms).map(([step, { count, ms }]) => `${step} ${count}x ${Math.round(ms)} ms`);
  appendFileSync(PROFILE_FILE, `${path.basename(expect.getState().testPath ?? '')}: ${steps.join(', ')}\n`);
  profile.clear();
}

export const CLUB_NAME = 'Test Valley Club';

/** Demo accounts created by DEMO_DATA=1. */
export const DEMO_MEMBER = { email: 'member@example.org', password: 'demo-member-1' } as const;
export const DEMO_ADMIN = { email: 'admin@example.org', password: 'demo-admin-1' } as const;

export const DESKTOP_VIEWPORT = { width: 1280, height: 900 } as const;
export const MOBILE_VIEWPORT = { width: 375, height: 800 } as const;

/**
 * The whole browser in --headless mode (CHROMIUM_PATH=/usr/bin/chromium) still builds each window's
 * address-bar popups as WebUI pages, two per window in a renderer of their own. No journey sees
 * them, and they cost about 0.4 s of CPU per context (half of what a new context costs); without
 * them a context is the page alone. The headless shell, the default, has no address bar at all.
 */
const UNSEEN_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup', 'PreloadTopChromeWebUI'];

/**
 * The features Playwright (playwright-core 1.65) turns off with its own --disable-features. Chromium
 * reads only the last --disable-features, so ours repeats them rather than switch them back on.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNSEEN_FEATURES].join(',')}`,
];

export type Harness = {
  /** http://127.0.0.1:<port> of the running server. */
  baseUrl: string;
  dataDir: string;
  browser: Browser;
  /** A page in a fresh browser context (own cookies and localStorage). */
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
  /**
   * A session token for the account: one password log-in per file and account, handed out
   * again while the server still accepts it (a journey may have logged it out meanwhile).
   */
  sessionToken: (email: string, password: string) => Promise<string>;
  /** The server's stdout and stderr so far, for diagnosing failures. */
  serverOutput: () => string;
  close: () => Promise<void>;
};

async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        reject(new Error('Could not find a free port.'));
        return;
      }
      server.close(() => resolve(address.port));
    });
  });
}

async function waitForHealthy(baseUrl: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  // Only this server's own word that it listens makes /healthz count: another program that took
  // the port first (see startServer) would answer it too.
  const listening = `listening on ${baseUrl}`;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`The server exited with code ${server.exitCode} during start:\n${output()}`);
    }
    if (output().includes(listening)) {
      try {
        const response = await fetch(`${baseUrl}/healthz`);
        if (response.status === 200) return;
      } catch {
        // Not answering yet.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
  throw new Error(`The server did not answer /healthz within ${STARTUP_TIMEOUT_MS} ms:\n${output()}`);
}

/** How many ports a start tries before it gives up. */
const PORT_ATTEMPTS = 3;

/**
 * Starts the server on a free port and waits until it answers. The port is free when picked, but
 * another test file's server (or a connection's local end) may take it before the server listens:
 * the server then stops, saying the port is in use, and another port is tried.
 */
async function startServer(dataDir: string, env: Record<string, string>): Promise<{ server: ChildProcess; output: () => string; baseUrl: string }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await findFreePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const { server, output } = spawnServer(port, dataDir, env);
    try {
      await waitForHealthy(baseUrl, server, output);
      return { server, output, baseUrl };
    } catch (error) {
      await stopServer(server);
      if (attempt < PORT_ATTEMPTS && output().includes('is already in use')) continue;
      throw error;
    }
  }
}

function spawnServer(port: number, dataDir: string, env: Record<string, string>): { server: ChildProcess; output: () => string } {
  let output = '';
  const server = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      CLUB_NAME,
      REMINDER_CRON: 'off',
      BASE_URL: `http://127.0.0.1:${port}`,
      // Its "listening on" line tells waitForHealthy the server is up, whatever the caller's level.
      LOG_LEVEL: 'info',
      ...(WEB_DIST ? { WEB_DIST } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A server that dies under a test (stopServer's SIGTERM ends it with 0) says why: the tests
  // themselves only see their requests refused.
  server.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGKILL')
      process.stderr.write(`The server on port ${port} exited (${signal ?? `code ${code}`}) while tests ran. Its output:\n${output}\n`);
  });
  return { server, output: () => output };
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timedOut = await Promise.race([exited.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), SHUTDOWN_TIMEOUT_MS))]);
  if (timedOut) {
    server.kill('SIGKILL');
    await exited;
  }
}

export type HarnessOptions = {
  /** Extra environment for the server, e.g. SMTP_URL of a test SMTP server. */
  env?: Record<string, string>;
  /**
   * The whole Chromium (CHROMIUM_PATH, else Debian's chromium) for this file, rather than the
   * worker's headless shell: the shell has no notifications, which the push journeys show.
   */
  wholeBrowser?: boolean;
};

export type DemoDataTemplate = {
  dataDir: string;
  /** A session token of each demo account, by `${email}\n${password}` (valid in every copy of dataDir). */
  sessions: Record<string, string>;
};

/** How long the template's server may take to read the demo newsletters' text (about 2 s quiet). */
const TEMPLATE_TEXTS_TIMEOUT_MS = 60_000;

/** The demo accounts the server printed at its first start: "  role  email  password" lines. */
function demoAccountsIn(output: string): Array<{ email: string; password: string }> {
  const block = /Demo accounts \(log in at [^\n]*\):\n((?: {2}\S[^\n]*\n)+)/.exec(output)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => line.trim().split(/ {2,}/))
    .filter((columns) => columns.length === 3)
    .map(([, email = '', password = '']) => ({ email, password }));
}

/**
 * Waits until the server has read the text of the demo newsletters for the site search, which it
 * does in the background after it answers /healthz (a renderer child process, about 1 CPU s):
 * stopped before, every copy of the template would read them again at its own start.
 */
async function waitForNewsletterTexts(dataDir: string, output: () => string): Promise<void> {
  const Database = createRequire(new URL('../../api/package.json', import.meta.url))('better-sqlite3') as new (
    file: string,
    options: { readonly: boolean },
  ) => { prepare(sql: string): Statement; close(): void };
  const db = new Database(path.join(dataDir, 'club.db'), { readonly: true });
  try {
    const pending = db.prepare("SELECT count(*) AS n FROM newsletters WHERE text_status = 'pending'");
    const deadline = Date.now() + TEMPLATE_TEXTS_TIMEOUT_MS;
    while ((pending.get() as { n: number }).n > 0) {
      if (Date.now() > deadline || output().includes('could not read the text of stored newsletters')) {
        throw new Error(`The template's server did not read the demo newsletters' text:\n${output()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    db.close();
  }
}

/**
 * Has the built server fill a new DATA_DIR with demo data, logs each demo account in once, lets it
 * read the demo newsletters' text, stops it, and returns the folder with the session tokens: the
 * template that startHarness copies (global-setup.ts makes it once per run). A log-in costs two
 * bcrypt comparisons at cost 12 (a household shares an address), about 0.4 CPU s, which each file
 * then no longer spends for each account it uses.
 */
export async function makeDemoDataTemplate(): Promise<DemoDataTemplate> {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: build first (pnpm build).`);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'club-e2e-template-'));
  let started: Awaited<ReturnType<typeof startServer>>;
  try {
    started = await startServer(dataDir, {});
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { server, output, baseUrl } = started;
  const sessions: Record<string, string> = {};
  try {
    const logIns = demoAccountsIn(output()).map(async ({ email, password }) => {
      const reply = await fetch(`${baseUrl}/api/session.create.php`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ u: email, p: password }),
      });
      if (!reply.ok) throw new Error(`The demo account ${email} could not log in: ${reply.status} ${await reply.text()}`);
      sessions[`${email}\n${password}`] = ((await reply.json()) as { g: string }).g;
    });
    await Promise.all([...logIns, waitForNewsletterTexts(dataDir, output)]);
  } catch (error) {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  await stopServer(server);
  return { dataDir, sessions };
}

/**
 * The journeys' browser: Debian's headless shell (scripts/ensure-chromium.mjs installs it), or
 * CHROMIUM_SHELL_PATH. Launched once per worker and shared by the files the worker runs (vitest's
 * `isolate: false` keeps this module between them): a launch with its first page is about 1.1 CPU s
 * (the whole browser's 2.8), 35 files in all. Each file has its own contexts and closes them; a
 * browser that has gone (crashed, or closed by a test) is launched anew for the next file.
 * Playwright closes it when the worker exits.
 */
let sharedBrowser: Promise<Browser> | undefined;
function workerBrowser(): Promise<Browser> {
  const current = sharedBrowser;
  const launch = () =>
    (sharedBrowser = chromium
      .launch({ executablePath: process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell', args: CHROMIUM_ARGS })
      .catch((error: unknown) => {
        sharedBrowser = undefined;
        throw error;
      }));
  if (!current) return launch();
  return current.then((browser) => (browser.isConnected() ? browser : launch()), launch);
}

/** The whole Chromium, for one file only (HarnessOptions.wholeBrowser); closed with the file. */
const launchWholeBrowser = (): Promise<Browser> => chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });

/**
 * Starts the built server on a free port with fresh demo data, and system Chromium.
 * Call in beforeAll and `close()` in afterAll.
 */
export async function startHarness({ env = {}, wholeBrowser = false }: HarnessOptions = {}): Promise<Harness> {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: build first (pnpm build).`);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'club-e2e-'));
  // Demo data is the same for every file: copied from the folder global-setup.ts had the server
  // fill once (the server then finds members and seeds nothing), instead of drawing the pictures
  // and hashing the demo passwords again in each file.
  const template = inject('demoDataTemplate');
  const isFromTemplate = template !== undefined && (env.DEMO_DATA ?? '1') === '1';
  if (isFromTemplate) await cp(template, dataDir, { recursive: true });
  // Chromium starts (in the worker's first file) while the server does.
  const launching = wholeBrowser ? launchWholeBrowser() : workerBrowser();
  let started: Awaited<ReturnType<typeof startServer>> | undefined;
  let browser: Browser | undefined;
  try {
    started = await timed('server start', () => startServer(dataDir, env));
    browser = await timed('chromium start', () => launching);
  } catch (error) {
    if (wholeBrowser) await launching.then((launched) => launched.close()).catch(() => undefined);
    if (started) await stopServer(started.server);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { server, output: serverOutput, baseUrl } = started;
  const launchedBrowser = browser;
  /** This file's contexts: closed with it, so a failed test's pages never reach the next file. */
  const contexts = new Set<BrowserContext>();

  // The demo accounts' sessions came with the template; sessionToken checks each is still valid.
  const tokens = new Map<string, string>(isFromTemplate ? Object.entries(inject('demoSessions') ?? {}) : []);
  const postJson = (call: string, body: Record<string, unknown>) =>
    fetch(`${baseUrl}/api/${call}.php`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const sessionToken = async (email: string, password: string): Promise<string> => {
    const key = `${email}\n${password}`;
    const known = tokens.get(key);
    if (known !== undefined && (await postJson('session.get', { g: known })).ok) return known;
    const reply = await timed('logIn (session.create)', () => postJson('session.create', { u: email, p: password }));
    if (!reply.ok) throw new Error(`${email} could not log in: ${reply.status} ${await reply.text()}`);
    const { g } = (await reply.json()) as { g: string };
    tokens.set(key, g);
    return g;
  };

  return {
    baseUrl,
    dataDir,
    browser: launchedBrowser,
    serverOutput,
    sessionToken,
    newPage: async (options = {}) => {
      const context = await timed('new context', () => launchedBrowser.newContext({ baseURL: baseUrl, viewport: DESKTOP_VIEWPORT, ...options }));
      contexts.add(context);
      context.on('close', () => contexts.delete(context));
      const page = await context.newPage();
      if (IS_PROFILING) {
        const goto = page.goto.bind(page);
        page.goto = (url, gotoOptions) => timed('page.goto', () => goto(url, gotoOptions));
      }
      return page;
    },
    close: async () => {
      writeProfile();
      await Promise.all([...contexts].map((context) => context.close().catch(() => undefined)));
      if (wholeBrowser) await launchedBrowser.close().catch(() => undefined);
      await stopServer(server);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const require = createRequire(import.meta.url);

type AxeViolation = {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
};

let axeSource: string | undefined;

/**
 * axe-core's minified build (the package's `source` is the unminified one, 1.5 MB against 0.65 MB):
 * the same rules, but the page parses less than half of it at each check after a navigation.
 */
function readAxeSource(): string {
  axeSource ??= readFileSync(path.join(path.dirname(require.resolve('axe-core')), 'axe.min.js'), 'utf8');
  return axeSource;
}

/** A prepared statement of the server's SQLite driver, as the journeys use it. */
export type Statement = {
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
  run(...params: unknown[]): { lastInsertRowid: number | bigint };
};

/**
 * Opens the harness server's SQLite file with the server's own driver (the web package has
 * none), to look at what the server stored or to change it as time or another device would.
 */
export function serverDatabase(harness: Harness): { prepare(sql: string): Statement; close(): void } {
  const Database = createRequire(new URL('../../api/package.json', import.meta.url))('better-sqlite3') as new (file: string) => {
    prepare(sql: string): Statement;
    close(): void;
  };
  return new Database(path.join(harness.dataDir, 'club.db'));
}

/**
 * Runs axe-core on the page (once its level-one heading is there) and throws, listing every
 * violation, if there is any. axe's source is evaluated through the DevTools protocol, which the
 * site's CSP (no inline scripts) does not govern: a script tag would be blocked.
 */
export async function checkA11y(page: Page): Promise<void> {
  // Pages load lazily: check the page once it has its heading, not the moment before.
  await timed('axe: wait for h1', () =>
    page
      .locator('h1')
      .first()
      .waitFor({ state: 'attached', timeout: 15_000 })
      .catch(() => undefined),
  );
  await timed('axe', () => runAxe(page));
}

async function runAxe(page: Page): Promise<void> {
  const hasAxe = () => page.evaluate(() => 'axe' in window);
  if (!(await hasAxe())) await timed('axe inject', () => page.evaluate(readAxeSource()));
  const violations = await timed('axe run', () =>
    page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }).axe;
      // Only violations are read: axe then keeps one node each of what passed or did not apply,
      // which saves much of its time on a long page and finds the same violations.
      const results = await axe.run(document, { resultTypes: ['violations'] });
      return results.violations;
    }),
  );
  if (violations.length === 0) return;
  const report = (violations as AxeViolation[])
    .map(
      (violation) =>
        `- [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
        violation.nodes.map((node) => `    at ${JSON.stringify(node.target)}\n      ${node.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`).join('\n'),
    )
    .join('\n');
  throw new Error(`Accessibility violations on ${page.url()}:\n${report}`);
}

/**
 * Call inside a test: if the test fails, a full-page screenshot of `page` is written to
 * test-results/e2e/ and its path added to the failure output.
 */
export function screenshotOnFailure(page: Page): void {
  onTestFailed(async ({ task }) => {
    if (page.isClosed()) return;
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const name = `${task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${Date.now()}.png`;
    const file = path.join(SCREENSHOT_DIR, name);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(`Screenshot of the failed test: ${file}`);
  });
}

/** A new page in a fresh context that saves a screenshot if the current test fails. */
export async function openPage(harness: Harness, options?: Parameters<Harness['newPage']>[0]): Promise<Page> {
  const page = await harness.newPage(options);
  screenshotOnFailure(page);
  return page;
}

/**
 * A new page, as `openPage`, in a context already logged in as the account: its session token is
 * in localStorage before the first page of the site runs, where the login form leaves it. For
 * journeys whose subject is not the login itself (shell, sign-in and account go through the
 * form); it saves the login page, the form and most bcrypt hashing (one log-in per file and
 * account). The token is put there once per context, so a logout in the journey stays a logout.
 * (An init script rather than the context's storageState, which loads a page of its own.)
 */
export async function openPageAs(harness: Harness, email: string, password: string, options: BrowserContextOptions = {}): Promise<Page> {
  const token = await harness.sessionToken(email, password);
  const page = await openPage(harness, options);
  await page.context().addInitScript(
    ({ origin, key, value }) => {
      if (window.location.origin !== origin || localStorage.getItem('e2eSessionGiven') !== null) return;
      localStorage.setItem('e2eSessionGiven', '1');
      localStorage.setItem(key, value);
    },
    { origin: harness.baseUrl, key: SESSION_STORAGE_KEY, value: token },
  );
  // The cookie in which the app mirrors the stored session (src/lib/session-token.ts), as a member's
  // browser holds it from their second page on: the server then sends their pages drawn for them.
  await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: harness.baseUrl, sameSite: 'Lax' }]);
  return page;
}

/** Waits until React has taken over #root: rendered it, or hydrated the markup the server sent. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
  });
}

/**
 * Opens `path` and waits until React runs the page: it has taken over #root and the page has set
 * the tab's title ("Page - Club", from an effect, so after hydration). `/` arrives prerendered
 * and a visitor's data pages rendered by the server (with their scripts loaded after the paint);
 * until they have hydrated their buttons and client-side navigation do nothing, so a journey that
 * goes on to use them starts here rather than at `page.goto`.
 *
 * After a click that navigates inside the app, wait for something only the new page has (its h1,
 * a dialog), not for the address alone: React Router runs each navigation in `startTransition`, so
 * the address changes while the old page is still drawn, and a read that does not retry
 * (`allTextContents`, `count`, `focus`, `evaluate`) or a locator both pages match finds the old one
 * (a CI failure of blog.e2e.test.ts, and three more found after it).
 */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await page.waitForFunction(() => document.title.includes(' - '));
  await page.locator('.site-header__page-title').filter({ hasText: /\S/ }).waitFor({ state: 'attached' });
}

/** Logs in through the login page and waits for the account page. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await timed('logIn (form)', () => logInByForm(page, email, password));
}

async function logInByForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/account');
}

/** Screenshots for a person to look at, written only when E2E_SCREENSHOT_DIR is set. */
export async function snapshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  // Transitions (a dialog or a lightbox opening) are shown finished, without waiting for them.
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage, animations: 'disabled' });
}
