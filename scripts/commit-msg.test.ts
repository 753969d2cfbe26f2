import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const HOOK = fileURLToPath(new URL('../.githooks/commit-msg', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'commit-msg-'));

/** Runs the hook as git does, on a message file; its exit code and what it printed. */
function runHook(message: string): { status: number | null; stderr: string } {
  const file = path.join(dir, 'COMMIT_EDITMSG');
  writeFileSync(file, message);
  const { status, stderr } = spawnSync(HOOK, [file], { encoding: 'utf8' });
  return { status, stderr };
}

describe('the commit-msg hook', () => {
  it.each([
    'fix: keep the waiting list order',
    'feat(events): let an organiser close signups',
    'build: check for unused files, exports and deps with knip in lint',
    'test(e2e): file review-round journeys under the goals they serve',
    `docs: ${'a'.repeat(66)}`,
    'fixup! fix: keep the waiting list order',
  ])('accepts "%s"', (subject) => {
    expect(runHook(`${subject}\n\nWhy it changes.\n`)).toEqual({ status: 0, stderr: '' });
  });

  it('reads the subject below the comment lines git may leave', () => {
    expect(runHook('# Please enter the commit message\n\nchore: bump pnpm\n').status).toBe(0);
  });

  it.each([
    ['a subject over 72 characters', `docs: ${'a'.repeat(67)}`, 'is 73 characters'],
    ['no type', 'keep the waiting list order', 'not "type(scope)?: subject"'],
    ['an unknown type', 'wip: contract check on first change', 'not "type(scope)?: subject"'],
    ['a capitalised type', 'Fix: keep the waiting list order', 'not "type(scope)?: subject"'],
    ['no space after the colon', 'fix:keep the waiting list order', 'not "type(scope)?: subject"'],
    ['an empty scope', 'fix(): keep the waiting list order', 'not "type(scope)?: subject"'],
    ['a merge', "Merge branch 'main' into lead", 'not "type(scope)?: subject"'],
    ['a subject not in the imperative', 'fix(events): fixed the waiting list order', 'imperative'],
    ['an empty message', '\n# only comments\n', 'empty'],
  ])('refuses %s, saying why', (_, message, reason) => {
    const { status, stderr } = runHook(`${message}\n`);
    expect(status).toBe(1);
    expect(stderr).toContain(reason);
  });
});
