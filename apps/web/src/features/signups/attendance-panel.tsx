import type { ClubEvent, EventSignups, Household, SignupCar } from '@club/contracts';
import { MAX_GUESTS } from '@club/contracts/plain';
import { useState, useSyncExternalStore } from 'react';
import { ErrorDialog } from '../../components/error-dialog.tsx';
import { FormField } from '../../components/form-field.tsx';
import { readForm } from '../../components/form-values.ts';
import { Form } from '../../components/form.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { getClubTimeZone } from '../../lib/club-time-zone.ts';
import { countOf } from '../../lib/plural.ts';
import { useSetSignup, type SignupDraft } from './api/signups.ts';
import { clubNow, formatEventDay, formatEventTime } from '../../lib/event-time.ts';
import { comingSummary, guestsFrom, isSignupClosed, partyLabels } from './signup-rules.ts';
import './attendance-panel.css';

type Choice = SignupDraft['answer'];

const FIELDS = { totalAttending: 'text', guests: 'text', comments: 'text', cars: 'list' } as const;

/** Longer lists than this start folded on a phone, so the page does not run on for screens. */
const FOLD_AFTER = 8;
const WIDE_SCREEN = '(min-width: 48rem)';

const isWideScreen = () => window.matchMedia(WIDE_SCREEN).matches;
function subscribeToWideScreen(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const answerLabel = (h: Household): string =>
  h.status === 'confirmed' ? 'Attending' : h.status === 'waitlisted' ? `Waiting list (${h.waitlistPosition})` : 'Not Attending';

const deadlineText = (deadline: string): string => `${formatEventDay(deadline)}, ${deadline.slice(0, 4)} at ${formatEventTime(deadline)}`;

/**
 * Right under the date and place: how many are coming (the one place the page says it) and the
 * member's own answer, so a member on a phone answers without scrolling past everyone else's.
 */
export function YourAnswerPanel({ event, signups, onSeeAnswers }: { event: ClubEvent; signups: EventSignups; onSeeAnswers?: () => void }) {
  const mine = signups.households.find((h) => h.isMine);
  const answers = signups.households.length;
  const standing = mine === undefined || mine.status === 'notAttending' ? 'none' : mine.status;
  // The club's clock only when there is a deadline to hold it against: its first reading starts
  // ICU's time zones, a long task on a phone while the page hydrates
  // (docs/decisions/009-page-bytes-and-long-tasks.md, "Long tasks").
  const { deadline } = signups.settings;
  const isClosed = deadline !== '' && isSignupClosed(deadline, clubNow(new Date(), getClubTimeZone()));
  return (
    <section className="panel attendance" aria-labelledby="your-answer-heading">
      <h2 id="your-answer-heading">Your answer</h2>
      <p className="attendance__summary">
        <span data-testid="coming-line">{comingSummary(signups.totals, signups.settings.capacity, standing)}</span>
        {answers > 0 && (
          <>
            {' '}
            <a href="#attendance-heading" onClick={onSeeAnswers}>
              See everyone&rsquo;s answers
            </a>
          </>
        )}
      </p>
      {isClosed && mine?.status === 'waitlisted' && <WaitingNotice position={mine.waitlistPosition} />}
      {signups.settings.deadline !== '' && (
        <p className="attendance__deadline">
          {isClosed ? 'Sign-up closed on ' : 'Sign up or change your answer until '}
          {deadlineText(signups.settings.deadline)}.{isClosed && ' Please tell the organiser if your plans change.'}
        </p>
      )}
      {!isClosed && <AttendanceForm key={event.id} eventId={event.id} mine={mine} signups={signups} />}
    </section>
  );
}

/** The cars coming and each question's totals (how many are coming is said once, beside the answer). */
export function SignupTotals({ signups }: { signups: EventSignups }) {
  if (signups.cars.length === 0 && signups.settings.choices.length === 0) return null;
  return (
    <section className="panel signup-totals" aria-labelledby="coming-heading">
      <h2 id="coming-heading">Cars and choices</h2>
      {signups.cars.length > 0 && (
        <>
          <h3>Cars</h3>
          <ul className="signup-totals__cars">
            {signups.cars.map((car, index) => (
              <li key={index}>{car}</li>
            ))}
          </ul>
        </>
      )}
      {signups.choiceTotals.map(({ question, counts }) => (
        <div key={question} className="signup-totals__choice">
          <h3>{question}</h3>
          <ul aria-label={`${question} totals`}>
            {counts.map(({ option, count }) => (
              <li key={option}>
                {option}: {count}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/**
 * Everyone's answers (the total is said beside the member's own); folded on a phone when the list is long.
 * `openRequest` counts taps on "See everyone's answers": each one unfolds the list.
 */
export function AttendancePanel({ signups, openRequest = 0 }: { signups: EventSignups; openRequest?: number }) {
  const households = signups.households;
  const isLong = households.length > FOLD_AFTER;
  // Open on a wide screen, folded on a phone (and in the server's markup, which a wide screen
  // unfolds as it hydrates); a list the member opened or closed stays so when the window turns.
  const isWide = useSyncExternalStore(subscribeToWideScreen, isWideScreen, () => false);
  const [chosen, setChosen] = useState<boolean | null>(null);
  const isOpen = chosen ?? (!isLong || isWide);
  const [seenRequest, setSeenRequest] = useState(openRequest);
  if (openRequest !== seenRequest) {
    setSeenRequest(openRequest);
    setChosen(true);
  }
  // No column of guests and cars when nobody brings either: the names and answers get its room.
  const hasExtras = households.some((h) => h.guests.length > 0 || h.cars.length > 0);
  const table = (
    <table className="attendance__table">
      <caption className="visually-hidden">Members' answers</caption>
      <thead>
        <tr>
          <th scope="col">Member</th>
          <th scope="col">Answer</th>
          <th scope="col" className="attendance__number">
            Number
          </th>
          <th scope="col">Comments</th>
          {hasExtras && <th scope="col">Guests and cars</th>}
        </tr>
      </thead>
      <tbody>
        {households.map((h, index) => (
          <tr key={`${h.name}-${index}`} className={h.isMine ? 'attendance__mine' : undefined}>
            <th scope="row">
              {h.name}
              {h.isMine && ' (you)'}
            </th>
            <td className="attendance__answer">{answerLabel(h)}</td>
            <td className="attendance__number">{h.status === 'notAttending' ? '' : h.partySize}</td>
            <td>{h.comments}</td>
            {hasExtras && <td className="attendance__extras">{[...h.guests, ...h.cars.map((car) => car.label)].join(', ')}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <section className="panel attendance" aria-labelledby="attendance-heading" id="attendance">
      <h2 id="attendance-heading" tabIndex={-1}>
        Attendance
      </h2>
      {households.length === 0 ? (
        <p>Nobody has answered yet.</p>
      ) : isLong ? (
        <details className="attendance__fold" open={isOpen} onToggle={(toggled) => setChosen(toggled.currentTarget.open)}>
          {/* The label follows the fold itself (attendance-panel.css): one tapped open before the page's
              scripts ran is open, whatever the state React starts with. */}
          <summary>
            <span className="attendance__fold-show">Show all {countOf(households.length, 'answer')}</span>
            <span className="attendance__fold-hide">Hide the answers</span>
          </summary>
          {table}
        </details>
      ) : (
        table
      )}
    </section>
  );
}

/** Where a waiting party stands: beside the Save button while sign-up is open, under the deadline once it closed. */
function WaitingNotice({ position }: { position: number }) {
  return (
    <p className="notice attendance__waiting" role="status">
      You are number {position} on the waiting list. If a place opens up for your party, you move up and get an e-mail.
    </p>
  );
}

/**
 * What a save changed, said beside the Save button under "Successfully Saved": a seat, or no
 * longer coming. A party put on the waiting list is told by the WaitingNotice instead.
 */
type SaveResult = { kind: 'seat' | 'cancelled'; text: string } | { kind: 'waiting' };

type FormProps = { eventId: number; mine: Household | undefined; signups: EventSignups };

const initialChoice = (mine: Household | undefined): Choice => (mine === undefined ? 'notSure' : mine.status === 'notAttending' ? 'notAttending' : 'attending');

/** The cars ticked at first: the member's own answer, or their only car when they have not said they are coming. */
function initialCarIds(mine: Household | undefined, myCars: SignupCar[]): Set<number | null> {
  const isComing = mine !== undefined && mine.status !== 'notAttending';
  if (isComing) return new Set(mine.cars.map((car) => car.carId));
  return new Set(myCars.length === 1 ? [myCars[0]?.carId ?? null] : []);
}

function AttendanceForm({ eventId, mine, signups }: FormProps) {
  const [choice, setChoice] = useState<Choice>(initialChoice(mine));
  const [guestText, setGuestText] = useState((mine?.guests ?? []).join('\n'));
  const [number, setNumber] = useState(String(mine && mine.status !== 'notAttending' ? mine.partySize : 1));
  const [picks, setPicks] = useState<Record<string, string[]>>(() =>
    Object.fromEntries((mine?.choices ?? []).map(({ question, answers }) => [question, answers])),
  );
  const [comments, setComments] = useState(mine?.comments ?? '');
  const [result, setResult] = useState<SaveResult | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const setSignup = useSetSignup();
  const guests = guestsFrom(guestText);
  const partySize = guests.length > 0 ? guests.length + 1 : Math.max(1, Number(number) || 1);
  const people = partyLabels(guests, partySize);
  const myCarIds = initialCarIds(mine, signups.myCars);
  const isSignedUp = mine !== undefined && mine.status !== 'notAttending';
  const { capacity } = signups.settings;
  // Said before Save: a party larger than the places left waits (the server decides again).
  const freePlaces = capacity === null ? 0 : capacity - signups.totals.people;
  const options: [Choice, string][] = [
    // On the waiting list the answer says so, not "Attending", which reads as a seat.
    ['attending', mine?.status === 'waitlisted' ? `On the waiting list (number ${mine.waitlistPosition})` : 'Attending'],
    ['notAttending', 'Not Attending'],
    ['notSure', 'Not Sure'],
  ];
  return (
    <>
      <Form
        aria-label="Your answer"
        onError={setServerError}
        validate={() => (guests.length > MAX_GUESTS ? `At most ${MAX_GUESTS} guests can be named; put the others in the comments.` : null)}
        onSubmit={async (data) => {
          const values = readForm(data, FIELDS);
          const carIds = new Set(values.cars.map(Number));
          const cars: SignupCar[] = signups.myCars.filter((car) => carIds.has(car.carId));
          const draft: SignupDraft = {
            eventId,
            answer: choice,
            guests: choice === 'attending' ? guests : [],
            partySize: choice === 'attending' && guests.length === 0 ? Number(values.totalAttending) : undefined,
            cars: choice === 'attending' ? cars : [],
            choices:
              choice === 'attending'
                ? signups.settings.choices.map(({ question }) => ({ question, answers: people.map((_, i) => picks[question]?.[i] ?? '') }))
                : [],
            comments: choice === 'notSure' ? '' : values.comments,
          };
          const reply = await setSignup.mutateAsync(draft);
          return { reply, wasSignedUp: isSignedUp };
        }}
        // The spec's "Successfully Saved", but never for a party put on the waiting list: it reads as a place.
        successMessage={result?.kind === 'waiting' ? null : 'Successfully Saved'}
        onSuccess={({ reply, wasSignedUp }) => {
          if (reply.status === 'confirmed') setResult({ kind: 'seat', text: 'You are signed up.' });
          else if (reply.status === 'waitlisted') setResult({ kind: 'waiting' });
          else if (wasSignedUp) setResult({ kind: 'cancelled', text: 'You are no longer signed up.' });
          else setResult(null);
          if (reply.status === 'notAttending' || reply.status === 'none') {
            // Guests, numbers and choices belonged to the sign-up that has gone.
            setGuestText('');
            setNumber('1');
            setPicks({});
          }
        }}
      >
        <fieldset className="choice-group">
          <legend>Are you coming?</legend>
          {options.map(([value, label]) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="choice"
                value={value}
                checked={choice === value}
                onChange={() => {
                  setChoice(value);
                  setResult(null);
                  // A comment made for coming ("I'll bring the trailer") does not go with a cancellation.
                  if (value === 'notAttending' && isSignedUp) setComments('');
                  else if (value === 'attending') setComments(mine?.comments ?? '');
                }}
              />{' '}
              {label}
            </label>
          ))}
        </fieldset>
        {choice === 'notSure' && <p className="form-field__hint">Not Sure removes your answer from the list.</p>}
        {choice === 'attending' && (
          <>
            <TextAreaField
              label="Guests coming with you (one name a line)"
              name="guests"
              rows={2}
              value={guestText}
              onChange={(e) => setGuestText(e.target.value)}
              hint={`For example "Mary (wife)" or "Tom, 12". At most ${MAX_GUESTS}. Leave it empty and give a number instead if you prefer.`}
            />
            {capacity !== null && !isSignedUp && freePlaces > 0 && partySize > freePlaces && (
              <p className="notice attendance__waiting-hint" role="status">
                Only {freePlaces === 1 ? '1 place is' : `${freePlaces} places are`} left: a party of {partySize} joins the waiting list.
              </p>
            )}
            {guests.length > 0 ? (
              <p className="attendance__party" data-testid="party-size">
                Number attending: {partySize} (you and {countOf(guests.length, 'guest')})
              </p>
            ) : (
              <FormField
                label="Number attending"
                name="totalAttending"
                type="number"
                inputMode="numeric"
                min={1}
                max={50}
                step={1}
                value={number}
                onChange={(e) => setNumber(e.target.value)}
                required
              />
            )}
            <fieldset className="attendance__cars">
              <legend>Cars you bring</legend>
              {signups.myCars.length === 0 ? (
                <p className="form-field__hint">No cars in the registry under your name: you are coming without a Model A.</p>
              ) : (
                <>
                  {signups.myCars.map((car) => (
                    <label key={car.carId} className="choice">
                      <input type="checkbox" name="cars" value={car.carId} defaultChecked={myCarIds.has(car.carId)} /> {car.label}
                    </label>
                  ))}
                  <p className="form-field__hint">Tick none if you are coming without a Model A.</p>
                </>
              )}
            </fieldset>
            {signups.settings.choices.map(({ question, options: answers }) => (
              <fieldset key={question} className="attendance__question">
                <legend>{question}</legend>
                {people.map((person, i) => (
                  <label key={i} className="attendance__pick">
                    <span>{person}</span>
                    <select
                      value={picks[question]?.[i] ?? ''}
                      onChange={(e) =>
                        setPicks((current) => {
                          const next = [...(current[question] ?? [])];
                          next[i] = e.target.value;
                          return { ...current, [question]: next };
                        })
                      }
                    >
                      <option value="">No answer</option>
                      {answers.map((answer) => (
                        <option key={answer} value={answer}>
                          {answer}
                        </option>
                      ))}
                    </select>
                  </label>
                ))}
              </fieldset>
            ))}
          </>
        )}
        {choice !== 'notSure' && (
          <FormField label="Comments" name="comments" maxLength={1000} value={comments} onChange={(e) => setComments(e.target.value)} autoComplete="off" />
        )}
        {mine?.status === 'waitlisted' && <WaitingNotice position={mine.waitlistPosition} />}
        {result && result.kind !== 'waiting' && (
          <p className="attendance__result" role="status">
            {result.text}
          </p>
        )}
      </Form>
      <ErrorDialog message={serverError} onClose={() => setServerError(null)} />
    </>
  );
}
