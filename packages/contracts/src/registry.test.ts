import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXTENSION_CALLS } from './calls.ts';
import { CALL_NAMES, registry } from './registry.ts';

/** The spec's call table (section 7), copied into the repository so the test needs nothing outside it. */
const SPEC_CALLS = fileURLToPath(new URL('../spec-calls.md', import.meta.url));

/** The call names in the table, e.g. `| /api/president.save.php | ...`. */
function readSpecCalls(): string[] {
  const section = readFileSync(SPEC_CALLS, 'utf8');
  return [...section.matchAll(/^\|\s*\/api\/([\w.]+)\.php\s*\|/gm)].map((m) => m[1] as string);
}

describe('the call registry', () => {
  it('lists exactly the calls of the spec table, plus the documented extensions', () => {
    const specCalls = readSpecCalls();
    expect(specCalls).toHaveLength(38);
    expect(EXTENSION_CALLS.filter((name) => specCalls.includes(name))).toEqual([]);
    expect([...CALL_NAMES].sort()).toEqual([...specCalls, ...EXTENSION_CALLS].sort());
  });

  it('serves every call at its legacy path', () => {
    for (const name of CALL_NAMES) expect(registry[name].path).toBe(`/api/${name}.php`);
  });

  it('declares files only for multipart calls', () => {
    for (const name of CALL_NAMES) {
      const call = registry[name];
      if ('files' in call) expect(call.encoding).toBe('multipart');
    }
  });
});
