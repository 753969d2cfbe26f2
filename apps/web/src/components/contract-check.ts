import type { CallName } from '@club/contracts';
import { getClubTimeZone } from '../lib/club-time-zone.ts';

/**
 * zod and every contract's schema (about 33 KB gzip) load with the first check, when a form is
 * sent, never with a page. This module itself comes through `loadContractCheck` (form-values.ts)
 * once a form's fields first change (its `preload`), so no page loads it either. A form's
 * `validate` may return these promises (components/form.tsx waits for them).
 */
const loadContracts = async () => {
  const contracts = await import('@club/contracts');
  contracts.setClubTimeZone(getClubTimeZone());
  return contracts;
};

/**
 * The contract's first message about the fields a form sends, or null when they pass: the
 * client checks with the same zod rules (and words) as the server. Fields the form does not
 * send (the session token, a record id) are not judged.
 */
export async function checkAgainstContract(name: CallName, values: Record<string, unknown>): Promise<string | null> {
  const { registry } = await loadContracts();
  const parsed = registry[name].request.safeParse(values);
  if (parsed.success) return null;
  const issue = parsed.error.issues.find((candidate) => {
    const [field] = candidate.path;
    return typeof field === 'string' && field in values;
  });
  return issue?.message ?? null;
}

/**
 * Every field's first message from the contract, by field, so a form can mark all that is wrong
 * at once (beside each field) rather than one item per try.
 */
export async function contractFieldErrors(name: CallName, values: Record<string, unknown>): Promise<Record<string, string>> {
  const { registry } = await loadContracts();
  const parsed = registry[name].request.safeParse(values);
  const byField: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const [field] = issue.path;
    if (typeof field === 'string' && field in values && byField[field] === undefined) byField[field] = issue.message;
  }
  return byField;
}
