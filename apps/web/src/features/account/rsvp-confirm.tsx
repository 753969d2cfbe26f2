import { Link } from 'react-router';
import { errorMessageOf } from '../../api/client.ts';
import { Loading } from '../../components/loading.tsx';
import { eventPath } from '../../lib/paths.ts';
import { useConfirmRsvp, useRsvpLink } from './api/digest.ts';

/**
 * The "I'm coming" link from a weekly digest. Opening the page changes nothing (mail programs'
 * link scanners open every link): it names the event, and one click records the answer, without
 * logging in (the link is signed, for this member and event, and works once).
 */
export function RsvpConfirm({ token }: { token: string }) {
  const link = useRsvpLink(token);
  const confirm = useConfirmRsvp();

  if (confirm.isSuccess) {
    const { event, status } = confirm.data;
    return (
      <div className="panel" role="status">
        <p>
          <strong>Successfully Saved:</strong>{' '}
          {status === 'waitlisted'
            ? `${event.title} is full, so you are on the waiting list. You get an e-mail if a place opens up.`
            : status === 'already'
              ? `you had already said you are coming to ${event.title}; your answer stays as it was.`
              : `you are coming to ${event.title} on ${event.date} at ${event.time}. See you there!`}
        </p>
        <p>
          To bring guests or a car, or to change your answer, <Link to={eventPath(event.eventId)}>open the event page</Link> (after logging in).
        </p>
      </div>
    );
  }
  if (link.isPending) return <Loading label="Checking your link…" />;
  if (link.isError) {
    return (
      <div className="notice notice--error" role="alert">
        <p>{errorMessageOf(link.error)}</p>
      </div>
    );
  }
  const { event } = link.data;
  return (
    <section className="panel" aria-labelledby="rsvp-event">
      <h2 id="rsvp-event">{event.title}</h2>
      <p>
        {event.date} at {event.time}
        {event.venue !== '' && `, ${event.venue}`}
      </p>
      <p>Are you coming? One click signs you up (just you; guests and cars are added on the event page).</p>
      {confirm.isError && (
        <div className="notice notice--error" role="alert">
          <p>{errorMessageOf(confirm.error)}</p>
        </div>
      )}
      <button type="button" className="button button--primary" disabled={confirm.isPending} onClick={() => confirm.mutate({ body: { t: token } })}>
        {confirm.isPending ? 'Saving…' : 'Yes, I’m coming'}
      </button>
    </section>
  );
}
