import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../scripts/server-process.ts';

const read = (file: string) => fs.readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');

/** Every way the site is started runs node with the same flags the benchmark measured. */
describe('the start command', () => {
  const flags = SERVER_NODE_FLAGS.join(' ');

  it('keeps the old generation from growing to four times its live size before a full GC', () => {
    expect(SERVER_NODE_FLAGS).toEqual(['--max-semi-space-size=4', '--heap-growing-percent=100']);
  });

  it('is `node <flags> dist/server.js` in pnpm start', () => {
    const pkg = JSON.parse(read('apps/api/package.json')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`node ${flags} dist/server.js`);
  });

  it("is the Docker image's CMD", () => {
    const cmd = /^CMD (\[.*\])$/m.exec(read('docker/Dockerfile'))?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...SERVER_NODE_FLAGS, 'api/dist/server.js']);
  });

  it("is the README's systemd line and the production smoke test's", () => {
    expect(read('README.md')).toContain(`ExecStart=/usr/bin/node ${flags} apps/api/dist/server.js`);
    expect(read('scripts/smoke-prod.mjs')).toContain(`spawn(process.execPath, [${SERVER_NODE_FLAGS.map((f) => `'${f}'`).join(', ')}, 'api/dist/server.js']`);
  });
});
