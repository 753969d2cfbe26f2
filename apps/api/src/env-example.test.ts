import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
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

  // compose's env_file: NAME=value, one pair of surrounding quotes removed.
  const composeEnv = Object.fromEntries(
    text
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1).replace(/^"(.*)"$/, '$1')]),
  );

  it('loads as docker compose reads it, so copying it gives a site that starts', () => {
    expect(Object.keys(composeEnv).length).toBeGreaterThan(10);
    const config = loadConfig({ ...composeEnv, DATA_DIR: '/tmp/club-example' });
    expect([config.reminderCron, config.backupCron]).toEqual(['0 9 * * *', '30 3 * * *']);
  });

  it('gives every variable the same value with `set -a; . ./.env` in a shell, as outside Docker', () => {
    const shell = spawnSync('sh', ['-c', 'set -a; . "$1"; exec env', 'sh', fileURLToPath(EXAMPLE)], { env: { PATH: process.env.PATH }, encoding: 'utf8' });
    expect(shell.stderr).toBe('');
    const sourced = Object.fromEntries(
      shell.stdout
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(Object.fromEntries(Object.keys(composeEnv).map((name) => [name, sourced[name]]))).toEqual(composeEnv);
  });
});
