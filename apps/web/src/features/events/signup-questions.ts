import type { SignupChoice } from '@club/contracts';

/**
 * The organiser's sign-up questions as the event editor holds them, one a line: apart from the
 * event page's and the roster's sign-up rules (signup-rules.ts), which the editor does not use.
 * The server checks them again.
 */

/** "Dinner: chicken / fish / none", one question a line; blank lines are skipped. */
export function parseQuestions(text: string): { choices: SignupChoice[] } | { error: string } {
  const choices: SignupChoice[] = [];
  for (const line of text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const colon = line.indexOf(':');
    const question = colon === -1 ? '' : line.slice(0, colon).trim();
    const options =
      colon === -1
        ? []
        : line
            .slice(colon + 1)
            .split('/')
            .map((o) => o.trim())
            .filter(Boolean);
    if (question === '' || options.length < 2) {
      return { error: `Write each question as a name, a colon and at least two answers split by "/", like "Dinner: chicken / fish / none" (not "${line}").` };
    }
    choices.push({ question, options });
  }
  return { choices };
}

export const formatQuestions = (choices: SignupChoice[]): string => choices.map((c) => `${c.question}: ${c.options.join(' / ')}`).join('\n');
