import type { RosterHousehold, RosterReply } from '@club/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorDialog } from '../../components/error-dialog.tsx';
import { getClubTimeZone } from '../../lib/club-time-zone.ts';
import { eventPath } from '../../lib/paths.ts';
import { countOf } from '../../lib/plural.ts';
import { useCheckIn } from './api/signups.ts';
import { clubNow, formatEventSpan } from '../../lib/event-time.ts';
import { answersByName, comingText, rosterCsv } from './signup-rules.ts';
import './roster.css';

/** Offers the roster as a CSV file the organiser opens in a spreadsheet. */
function downloadCsv(roster: RosterReply): void {
  const blob = new Blob([rosterCsv(roster)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `roster-${roster.event?.id ?? 0}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** One household's check-in: a large tick box, usable with a thumb at the door. */
function CheckInBox({ eventId, household, isOpen, onError }: { eventId: number; household: RosterHousehold; isOpen: boolean; onError: (m: string) => void }) {
  const checkIn = useCheckIn();
  return (
    <label className="roster__check">
      <input
        type="checkbox"
        checked={household.isCheckedIn}
        disabled={!isOpen || checkIn.isPending}
        onChange={(e) => {
          checkIn.mutateAsync({ eventId, memberId: household.memberId, isPresent: e.target.checked }).catch((error: unknown) => {
            onError(error instanceof Error ? error.message : String(error));
          });
        }}
      />
      <span className="visually-hidden">{household.name} came</span>
    </label>
  );
}

function RosterTable({
  roster,
  rows,
  caption,
  isCheckInOpen,
  onError,
}: {
  roster: RosterReply;
  rows: RosterHousehold[];
  caption: string;
  isCheckInOpen: boolean;
  onError: (m: string) => void;
}) {
  const questions = roster.settings.choices.map((c) => c.question);
  const eventId = roster.event?.id ?? 0;
  return (
    <div className="roster__scroll">
      <table className="roster__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Came</th>
            <th scope="col">Name</th>
            <th scope="col">Phone</th>
            <th scope="col" className="roster__number">
              People
            </th>
            <th scope="col">Guests</th>
            <th scope="col">Cars</th>
            {questions.map((q) => (
              <th scope="col" key={q}>
                {q}
              </th>
            ))}
            <th scope="col">Comments</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((h) => (
            <tr key={h.memberId} className={h.isCheckedIn ? 'roster__came' : undefined}>
              <td className="roster__check-cell">
                <CheckInBox eventId={eventId} household={h} isOpen={isCheckInOpen} onError={onError} />
              </td>
              <th scope="row">
                {h.status === 'waitlisted' && `${h.waitlistPosition}. `}
                {h.name}
              </th>
              <td data-label="Phone">{h.phone === '' ? '' : <a href={`tel:${h.phone.replace(/[^\d+]/g, '')}`}>{h.phone}</a>}</td>
              <td data-label="People" className="roster__number">
                {h.partySize}
              </td>
              <td data-label="Guests">{h.guests.join(', ')}</td>
              <td data-label="Cars">{h.cars.map((c) => c.label).join(', ')}</td>
              {questions.map((q) => (
                <td key={q} data-label={q}>
                  {answersByName(h, q)}
                </td>
              ))}
              <td data-label="Comments">{h.comments}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The organiser's roster for the day: totals, households with phones, choices; print, CSV, check-in. */
export function Roster({ roster }: { roster: RosterReply }) {
  const [error, setError] = useState<string | null>(null);
  const event = roster.event;
  if (!event) return null;
  const isCheckInOpen = clubNow(new Date(), getClubTimeZone()).slice(0, 10) >= event.start.slice(0, 10);
  const coming = roster.households.filter((h) => h.status === 'confirmed');
  const waiting = roster.households.filter((h) => h.status === 'waitlisted');
  const came = coming.filter((h) => h.isCheckedIn);
  return (
    <>
      <section className="panel roster" aria-label="Roster">
        <p className="roster__when">
          {formatEventSpan(event.start, event.end)}
          {event.location !== '' && ` · ${event.location}`}
        </p>
        <p className="roster__totals" data-testid="roster-totals">
          {comingText(roster.totals.people, roster.totals.cars)}
          {roster.settings.capacity !== null && ` (room for ${roster.settings.capacity})`}
          {roster.totals.waitingHouseholds > 0 && `; ${countOf(roster.totals.waitingHouseholds, 'household')} waiting`}
          {isCheckInOpen && `; ${came.length} of ${countOf(coming.length, 'household')} checked in`}.
        </p>
        {roster.choiceTotals.length > 0 && (
          <p className="roster__choices">
            {roster.choiceTotals.map(({ question, counts }) => `${question}: ${counts.map((c) => `${c.option} ${c.count}`).join(', ')}`).join(' · ')}
          </p>
        )}
        {!isCheckInOpen && <p className="roster__note no-print">Check-in opens on the day of the event.</p>}
        <div className="button-row no-print">
          <button type="button" className="button" onClick={() => window.print()}>
            Print
          </button>
          <button type="button" className="button" onClick={() => downloadCsv(roster)}>
            Download CSV
          </button>
          <Link className="button" to={eventPath(event.id)}>
            Back to the event
          </Link>
        </div>
        {coming.length === 0 ? (
          <p>Nobody has signed up yet.</p>
        ) : (
          <RosterTable
            roster={roster}
            rows={coming}
            caption={`Coming (${countOf(coming.length, 'household')})`}
            isCheckInOpen={isCheckInOpen}
            onError={setError}
          />
        )}
        {waiting.length > 0 && <RosterTable roster={roster} rows={waiting} caption="Waiting list" isCheckInOpen={isCheckInOpen} onError={setError} />}
      </section>
      <ErrorDialog message={error} onClose={() => setError(null)} />
    </>
  );
}
