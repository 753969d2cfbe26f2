import { describe, expect, it } from 'vitest';
import { formatQuestions, parseQuestions } from './signup-questions.ts';

describe('parseQuestions', () => {
  it('reads one question a line with its answers, and writes them back the same way', () => {
    const parsed = parseQuestions('Dinner: chicken / fish / none\n\n  Museum tour:yes/no ');
    expect(parsed).toEqual({
      choices: [
        { question: 'Dinner', options: ['chicken', 'fish', 'none'] },
        { question: 'Museum tour', options: ['yes', 'no'] },
      ],
    });
    if ('choices' in parsed) expect(formatQuestions(parsed.choices)).toBe('Dinner: chicken / fish / none\nMuseum tour: yes / no');
  });

  it('refuses a line without a colon or with one answer, quoting it', () => {
    expect(parseQuestions('Dinner chicken / fish')).toEqual({ error: expect.stringContaining('(not "Dinner chicken / fish")') });
    expect(parseQuestions('Dinner: chicken')).toEqual({ error: expect.stringContaining('at least two answers') });
  });
});
