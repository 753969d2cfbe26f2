import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * CONTRIBUTING.md's "Adding a call" walks through a real call, quoting the repository's own files: each
 * ```ts block there opens with `// <path>` and the rest of it must be a passage of that file, so the
 * example is code the typecheck covers and cannot drift from it. Indentation and blank lines aside.
 */
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

function addingACallBlocks(): { file: string; lines: string[] }[] {
  const readme = fs.readFileSync(path.join(REPO_ROOT, 'CONTRIBUTING.md'), 'utf8');
  const section = /^## Adding a call\n([\s\S]*?)(?=^#{1,2} )/m.exec(readme)?.[1] ?? '';
  return [...section.matchAll(/^[ \t]*```ts\n([\s\S]*?)^[ \t]*```/gm)].map(([, body = '']) => {
    const [first = '', ...rest] = body.split('\n').map((line) => line.trim());
    return { file: first.replace(/^\/\/\s*/, ''), lines: rest.filter(Boolean) };
  });
}

const isPassageOf = (passage: string[], whole: string[]) => whole.some((_, start) => passage.every((line, offset) => whole[start + offset] === line));

describe("the contributors' guide example of adding a call", () => {
  const blocks = addingACallBlocks();

  it('quotes the contract, store, service and router of one call', () => {
    expect(blocks.map(({ file }) => path.basename(file))).toEqual(expect.arrayContaining(['calls.ts', 'store.ts', 'service.ts', 'router.ts']));
  });

  it.each(blocks.map((block) => [block.file, block] as const))('quotes %s as it is', (file, { lines }) => {
    const source = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
    const whole = source
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    expect(isPassageOf(lines, whole), `CONTRIBUTING.md block is not a passage of ${file}:\n${lines.join('\n')}`).toBe(true);
  });
});
