import type { EventSummary } from '@club/contracts';
import { Link } from 'react-router';
import { eventPath } from '../../lib/paths.ts';
import { QueryState } from '../../components/query-state.tsx';
import './events.css';
import { useMonthEvents } from './api/event-reads.ts';
import { eventsByDay, formatEventDay, formatEventTime, monthName, monthWeeks, WEEKDAY_NAMES, type Month } from '../../lib/event-time.ts';

export type MonthCalendarProps = {
  month: Month;
  /** Today in club time, YYYY-MM-DD. */
  today: string;
};

/** The events of the weeks shown for a month: one windowed read per month. */
export function MonthCalendar({ month, today }: MonthCalendarProps) {
  const weeks = monthWeeks(month);
  const from = weeks[0]?.[0] ?? '';
  const to = weeks.at(-1)?.at(-1) ?? '';
  const events = useMonthEvents(from, to);
  return (
    <QueryState query={events} what="the events" loadingLabel="Loading events…">
      {(reply) => <CalendarBody month={month} weeks={weeks} today={today} byDay={eventsByDay(reply.events)} />}
    </QueryState>
  );
}

type BodyProps = { month: Month; weeks: string[][]; today: string; byDay: Map<string, EventSummary[]> };

const isInMonth = (day: string, { year, month }: Month) => Number(day.slice(0, 4)) === year && Number(day.slice(5, 7)) === month;

function EventChip({ event, day }: { event: EventSummary; day: string }) {
  const startsToday = event.start.slice(0, 10) === day;
  return (
    <Link className="calendar-event" to={eventPath(event.id)}>
      {startsToday ? <span className="calendar-event__time">{formatEventTime(event.start)}</span> : <span className="calendar-event__time">(cont.)</span>}{' '}
      {event.title}
    </Link>
  );
}

function CalendarBody({ month, weeks, today, byDay }: BodyProps) {
  const daysOfMonth = weeks.flat().filter((day) => isInMonth(day, month));
  const daysWithEvents = daysOfMonth.filter((day) => (byDay.get(day) ?? []).length > 0);
  // The phone's list always shows today in its place, with or without events, so a member sees
  // at once what is past and what is coming.
  const listDays = daysOfMonth.includes(today) && !daysWithEvents.includes(today) ? [...daysWithEvents, today].sort() : daysWithEvents;
  return (
    <>
      <table className="calendar-grid">
        <caption className="visually-hidden">Events in {monthName(month)}, week starting Sunday</caption>
        <thead>
          <tr>
            {WEEKDAY_NAMES.map((name) => (
              <th key={name} scope="col">
                <abbr title={name}>{name.slice(0, 3)}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const events = byDay.get(day) ?? [];
                const classes = [
                  'calendar-day',
                  isInMonth(day, month) ? '' : 'calendar-day--other-month',
                  day === today ? 'calendar-day--today' : '',
                  day < today ? 'calendar-day--past' : '',
                ]
                  .filter(Boolean)
                  .join(' ');
                return (
                  <td key={day} className={classes} aria-current={day === today ? 'date' : undefined}>
                    <span className="calendar-day__number">
                      <span className="visually-hidden">{formatEventDay(day)}</span>
                      <span aria-hidden="true">{Number(day.slice(8, 10))}</span>
                    </span>
                    {events.length > 0 && (
                      <ul className="calendar-day__events">
                        {events.map((event) => (
                          <li key={event.id}>
                            <EventChip event={event} day={day} />
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>

      <div className="calendar-list">
        {listDays.map((day) => {
          const isToday = day === today;
          const isPast = day < today;
          const classes = ['calendar-list__day', isToday ? 'calendar-list__day--today' : '', isPast ? 'calendar-list__day--past' : '']
            .filter(Boolean)
            .join(' ');
          const events = byDay.get(day) ?? [];
          return (
            <section key={day} className={classes} aria-label={formatEventDay(day)} aria-current={isToday ? 'date' : undefined}>
              <h3 className="calendar-list__date">
                {formatEventDay(day)}
                {isToday && <span className="calendar-list__tag calendar-list__tag--today">Today</span>}
                {isPast && <span className="calendar-list__tag">Past</span>}
              </h3>
              {events.length > 0 ? (
                <ul className="calendar-list__events">
                  {events.map((event) => (
                    <li key={event.id}>
                      <EventChip event={event} day={day} />
                      {event.location !== '' && <span className="calendar-list__venue">{event.location}</span>}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="calendar-list__none">No events today.</p>
              )}
            </section>
          );
        })}
      </div>
      {daysWithEvents.length === 0 && <p>No events in {monthName(month)}.</p>}
    </>
  );
}
