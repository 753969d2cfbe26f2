import type { RosterReply } from '@club/contracts';
import { describe, expect, it } from 'vitest';
import { answersByName, comingSummary, comingText, guestsFrom, isSignupClosed, partyLabels, rosterCsv } from './signup-rules.ts';

describe('the party', () => {
  it('names each person by guest name, then by number', () => {
    expect(guestsFrom(' Mary (wife)\n\nTom, 12 \n')).toEqual(['Mary (wife)', 'Tom, 12']);
    expect(partyLabels(['Mary'], 2)).toEqual(['You', 'Mary']);
    expect(partyLabels([], 3)).toEqual(['You', 'Guest 1', 'Guest 2']);
  });

  it('closes at the deadline and never without one', () => {
    expect(isSignupClosed('2026-05-01T18:00', '2026-05-01T17:59')).toBe(false);
    expect(isSignupClosed('2026-05-01T18:00', '2026-05-01T18:00')).toBe(true);
    expect(isSignupClosed('', '2099-01-01T00:00')).toBe(false);
  });
});

describe('rosterCsv', () => {
  it('writes a row per household with a column per question, quoting and defusing formulas', () => {
    const roster: RosterReply = {
      event: { id: 1, title: 'Tour', start: '2026-05-02T09:00', end: '2026-05-02T15:00', location: '' },
      settings: { capacity: 10, deadline: '', choices: [{ question: 'Dinner', options: ['chicken', 'fish'] }] },
      totals: { people: 2, cars: 1, waitingPeople: 1, waitingHouseholds: 1 },
      choiceTotals: [],
      households: [
        {
          memberId: 1,
          name: 'Ann "A" Lee',
          status: 'confirmed',
          waitlistPosition: 0,
          partySize: 2,
          guests: ['Mary'],
          cars: [{ carId: null, label: '1930 Tudor' }],
          choices: [{ question: 'Dinner', answers: ['fish', 'chicken'] }],
          comments: '=HYPERLINK("x")',
          phone: '314-555-0101',
          isCheckedIn: true,
        },
        {
          memberId: 2,
          name: 'Bob',
          status: 'waitlisted',
          waitlistPosition: 1,
          partySize: 1,
          guests: [],
          cars: [],
          choices: [],
          comments: '',
          phone: '',
          isCheckedIn: false,
        },
      ],
    };
    expect(rosterCsv(roster).split('\r\n')).toEqual([
      '"Name","Status","Phone","People","Guests","Cars","Dinner","Comments","Came"',
      '"Ann ""A"" Lee","Coming","314-555-0101","2","Mary","1930 Tudor","fish; chicken","\'=HYPERLINK(""x"")","yes"',
      '"Bob","Waiting list 1","","1","","","","",""',
      '',
    ]);
  });
});

describe('comingText', () => {
  it('counts people and cars, leaving out cars nobody brings and the zero of an empty list', () => {
    expect(comingText(2, 1)).toBe('2 people and 1 car coming');
    expect(comingText(36, 0)).toBe('36 people coming');
    expect(comingText(1, 0)).toBe('1 person coming');
    expect(comingText(0, 0)).toBe('No one coming yet');
  });
});

describe('comingSummary', () => {
  const totals = (people: number, cars: number, waitingPeople = 0, waitingHouseholds = 0) => ({ people, cars, waitingPeople, waitingHouseholds });

  it('says a full event is full before signing up, with how many wait ahead', () => {
    expect(comingSummary(totals(8, 4, 3, 2), 8, 'none')).toBe('Full: 8 of 8 places taken; signing up puts you on the waiting list (2 ahead).');
    expect(comingSummary(totals(8, 4), 8, 'none')).toBe('Full: 8 of 8 places taken; signing up puts you on the waiting list.');
    expect(comingSummary(totals(8, 4, 3, 2), 8, 'waitlisted')).toBe('Full: 8 of 8 places taken; 3 people on the waiting list.');
  });

  it('counts only those with a seat as coming, and the places left', () => {
    expect(comingSummary(totals(5, 2), 8, 'none')).toBe('5 people and 2 cars coming; 3 of 8 places left.');
    expect(comingSummary(totals(7, 0), 8, 'confirmed')).toBe('7 people coming; 1 of 8 places left.');
    expect(comingSummary(totals(0, 0), 3, 'none')).toBe('No one coming yet; 3 of 3 places left.');
    expect(comingSummary(totals(36, 0), null, 'none')).toBe('36 people coming.');
  });
});

describe('answersByName', () => {
  it('names whose meal is whose: the member by first name, then each guest', () => {
    const household = { name: 'Sadie Second', guests: ['Sam (son)'], choices: [{ question: 'Dinner', answers: ['none', 'chicken'] }] };
    expect(answersByName(household, 'Dinner')).toBe('Sadie: none; Sam (son): chicken');
    expect(answersByName({ ...household, guests: [], choices: [{ question: 'Dinner', answers: ['', 'fish', 'fish'] }] }, 'Dinner')).toBe(
      'Guest 1: fish; Guest 2: fish',
    );
    expect(answersByName(household, 'Lunch')).toBe('');
  });
});
