import { registry, setClubTimeZone, type CallName } from '@club/contracts';
import { getClubTimeZone } from '../lib/club-time-zone.ts';

/**
 * The contract's first message about the fields a form sends, or null when they pass: the
 * client checks with the same zod rules (and words) as the server. Fields the form does not
 * send (the session token, a record id) are not judged. This module loads zod, so only lazily
 * loaded pages may import it, never the first page.
 */
export function checkAgainstContract(name: CallName, values: Record<string, unknown>): string | null {
  setClubTimeZone(getClubTimeZone());
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
export function contractFieldErrors(name: CallName, values: Record<string, unknown>): Record<string, string> {
  setClubTimeZone(getClubTimeZone());
  const parsed = registry[name].request.safeParse(values);
  const byField: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const [field] = issue.path;
    if (typeof field === 'string' && field in values && byField[field] === undefined) byField[field] = issue.message;
  }
  return byField;
}
