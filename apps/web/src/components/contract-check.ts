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
 * Every field's first message from the contract, in the order the fields are given, so a form can
 * report all that is missing at once rather than one item per try.
 */
export function contractMessages(name: CallName, values: Record<string, unknown>): string[] {
  const parsed = registry[name].request.safeParse(values);
  if (parsed.success) return [];
  const byField = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const [field] = issue.path;
    if (typeof field === 'string' && field in values && !byField.has(field)) byField.set(field, issue.message);
  }
  return Object.keys(values).flatMap((field) => byField.get(field) ?? []);
}
