import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-process.ts';

const read = (file: string) => fs.readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');

/** Every way the site is started runs node with the same flags the benchmark measured. */
describe('the start command', () => {
  const flags = SERVER_NODE_FLAGS.join(' ');

  it('keeps the old generation from growing to four times its live size before a full GC', () => {
    expect(SERVER_NODE_FLAGS).toEqual(['--max-semi-space-size=4', '--heap-growing-percent=100']);
  });

  it('runs with two malloc arenas, not one a thread', () => {
    expect(SERVER_ENV).toEqual({ MALLOC_ARENA_MAX: '2' });
  });

  it('is `MALLOC_ARENA_MAX=2 node <flags> dist/server.js` in pnpm start', () => {
    const pkg = JSON.parse(read('apps/api/package.json')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`MALLOC_ARENA_MAX=${SERVER_ENV.MALLOC_ARENA_MAX} node ${flags} dist/server.js`);
  });

  it("is the Docker image's CMD, with the image's MALLOC_ARENA_MAX", () => {
    const dockerfile = read('docker/Dockerfile');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...SERVER_NODE_FLAGS, 'api/dist/server.js']);
    expect(dockerfile).toMatch(new RegExp(`^\\s+MALLOC_ARENA_MAX=${SERVER_ENV.MALLOC_ARENA_MAX}$`, 'm'));
  });

  it("is the README's systemd line and the production smoke test's", () => {
    const readme = read('README.md');
    expect(readme).toContain(`ExecStart=/usr/bin/node ${flags} apps/api/dist/server.js`);
    expect(readme).toContain(`Environment=MALLOC_ARENA_MAX=${SERVER_ENV.MALLOC_ARENA_MAX}`);
    const smoke = read('scripts/smoke-prod.mjs');
    expect(smoke).toContain(`spawn(process.execPath, [${SERVER_NODE_FLAGS.map((f) => `'${f}'`).join(', ')}, 'api/dist/server.js']`);
    expect(smoke).toContain(`MALLOC_ARENA_MAX: '${SERVER_ENV.MALLOC_ARENA_MAX}'`);
  });
});
