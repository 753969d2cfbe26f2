// Refuses a commit whose subject is not `type(scope)?: imperative subject` in at most 72
// characters (CONTRIBUTING.md, "Commits"). Run by .githooks/commit-msg with the message file.
import { readFileSync } from 'node:fs';

const TYPES = ['feat', 'fix', 'refactor', 'test', 'docs', 'build', 'style', 'perf', 'chore'];
const MAX_LENGTH = 72;
const FORM = new RegExp(`^(${TYPES.join('|')})(\\([a-z0-9][a-z0-9./-]*\\))?: \\S`);
/** First words that describe rather than command ("adds", "fixed"): the subject says what the commit does. */
const NOT_IMPERATIVE = /^(add|fix|remove|update|change|move|rename|use|make|delete|drop|improve|refactor)(s|es|ed|ing)$/i;
/** Subjects `git commit --fixup/--squash` writes, folded into their target by `git rebase --autosquash`. */
const AUTOSQUASH = /^(fixup|squash|amend)! /;

/** Why the subject is refused, or null when it is fine. */
function problemOf(subject) {
  if (subject === '') return 'The commit message is empty.';
  if (AUTOSQUASH.test(subject)) return null;
  const length = [...subject].length;
  if (length > MAX_LENGTH) return `The subject is ${length} characters; keep it to ${MAX_LENGTH} and put the rest in the body.`;
  if (!FORM.test(subject))
    return `The subject is not "type(scope)?: subject", with type one of ${TYPES.join(', ')} (e.g. "fix(events): keep the waiting list order").`;
  const firstWord = subject.slice(subject.indexOf(': ') + 2).split(/\s/)[0];
  if (NOT_IMPERATIVE.test(firstWord)) return `Write the subject in the imperative ("add", not "${firstWord}").`;
  return null;
}

// Git may hand over the message before stripping its comment lines.
const file = process.argv[2];
const subject =
  readFileSync(file, 'utf8')
    .split('\n')
    .find((line) => line.trim() !== '' && !line.startsWith('#'))
    ?.trimEnd() ?? '';
const problem = problemOf(subject);
if (problem) {
  process.stderr.write(`commit-msg: ${problem}\n  subject: ${subject}\n(The message is kept: \`git commit -e -F ${file}\` edits it again.)\n`);
  process.exit(1);
}
