import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-process.ts';

const read = (file: string) => fs.readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');

/** Every way the site is started runs node with the same flags the benchmark measured. */
describe('the start command', () => {
  const flags = SERVER_NODE_FLAGS.join(' ');

  it('keeps the old generation from growing to four times its live size before a full GC', () => {
    expect(SERVER_NODE_FLAGS).toEqual(['--max-semi-space-size=2', '--heap-growing-percent=100']);
  });

  it('runs with two malloc arenas, and large blocks mapped and freed memory given back at once', () => {
    expect(SERVER_ENV).toEqual({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768', MALLOC_TRIM_THRESHOLD_: '65536', MALLOC_TOP_PAD_: '0' });
  });

  const settings = Object.entries(SERVER_ENV);

  it('is `<malloc settings> node <flags> dist/server.js` in pnpm start', () => {
    const pkg = JSON.parse(read('apps/api/package.json')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`${settings.map(([name, value]) => `${name}=${value}`).join(' ')} node ${flags} dist/server.js`);
  });

  it("is the Docker image's CMD, with the image's malloc settings", () => {
    const dockerfile = read('docker/Dockerfile');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...SERVER_NODE_FLAGS, 'api/dist/server.js']);
    for (const [name, value] of settings) expect(dockerfile).toMatch(new RegExp(`^\\s+${name}=${value}( \\\\)?$`, 'm'));
  });

  it("is the webmaster's guide's systemd line, the production smoke test's and Lighthouse's", () => {
    const guide = read('docs/WEBMASTER.md');
    expect(guide).toContain(`ExecStart=/usr/bin/node ${flags} apps/api/dist/server.js`);
    // One unquoted line (quoted, systemd would read it as one variable holding the rest).
    expect(guide).toContain(`Environment=${settings.map(([name, value]) => `${name}=${value}`).join(' ')}\``);
    const smoke = read('scripts/smoke-prod.mjs');
    expect(smoke).toContain(`spawn(process.execPath, [${SERVER_NODE_FLAGS.map((f) => `'${f}'`).join(', ')}, 'api/dist/server.js']`);
    const lighthouse = read('scripts/lighthouse.mjs');
    for (const [name, value] of settings) {
      expect(smoke).toContain(`${name}: '${value}'`);
      expect(lighthouse).toContain(`${name}: '${value}'`);
    }
  });
});
