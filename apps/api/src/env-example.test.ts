import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_VARIABLES, loadConfig } from './config.ts';

const EXAMPLE = new URL('../../../docker/.env.example', import.meta.url);
/** Read by the site but not meant for the webmaster: set by the build or the tests. */
const INTERNAL = ['WEB_DIST', 'NODE_ENV'];

describe('docker/.env.example', () => {
  const text = fs.readFileSync(EXAMPLE, 'utf8');

  it.each(ENVIRONMENT_VARIABLES.filter((name) => !INTERNAL.includes(name)))('documents %s', (name) => {
    expect(text).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
  });

  it('loads as it stands, so copying it gives a site that starts', () => {
    const env = Object.fromEntries(
      text
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(Object.keys(env).length).toBeGreaterThan(10);
    expect(() => loadConfig({ ...env, DATA_DIR: '/tmp/club-example' })).not.toThrow();
  });
});
