import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CALL_NAMES, registry } from './registry.ts';

const SPEC = fileURLToPath(new URL('../../../../shared/spec/club-website-spec.md', import.meta.url));

/** The call names in the spec's section 7 table, e.g. `| /api/president.save.php | ...`. */
function readSpecCalls(): string[] {
  const spec = readFileSync(SPEC, 'utf8');
  const section = spec.slice(spec.indexOf('## 7. Calls'), spec.indexOf('## 8.'));
  return [...section.matchAll(/^\|\s*\/api\/([\w.]+)\.php\s*\|/gm)].map((m) => m[1] as string);
}

describe('the call registry', () => {
  it('lists exactly the calls of the spec table', () => {
    const specCalls = readSpecCalls();
    expect(specCalls).toHaveLength(38);
    expect([...CALL_NAMES].sort()).toEqual([...specCalls].sort());
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
