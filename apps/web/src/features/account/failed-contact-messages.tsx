import type { FailedContactMessage } from '@club/contracts';
import { QueryState } from '../../components/query-state.tsx';
import { useFailedContactMessages, useResendContactMessage } from './api/failed-contact.ts';
import { useOutbox } from './api/notifications.ts';
import './account.css';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function Message({ message }: { message: FailedContactMessage }) {
  const resend = useResendContactMessage();
  return (
    <li className="outbox__entry">
      <p className="outbox__what">
        <strong>From {message.name}</strong> ({message.email}), {dateTime.format(new Date(message.created))}
      </p>
      <p className="contact-failed__text">{message.message}</p>
      {message.lastError && <p className="setting__hint">Last error: {message.lastError}</p>}
      <p className="button-row">
        <button type="button" className="button" disabled={resend.isPending} onClick={() => resend.mutate({ body: { id: message.id } })}>
          Send again
        </button>
        {resend.isError && <span role="alert">{resend.error.message}</span>}
      </p>
    </li>
  );
}

/** For admins: contact-form messages whose e-mail to the club failed for good, to read and send again. */
export function FailedContactMessages() {
  const failed = useFailedContactMessages();
  // The outbox panel's own read (one cached answer): without SMTP nothing reached anyone, though nothing failed.
  const isDelivering = useOutbox().data?.smtp ?? true;
  return (
    <section className="panel" aria-labelledby="failed-contact-heading">
      <h2 id="failed-contact-heading">Contact messages that were not delivered</h2>
      <QueryState query={failed} what="the contact messages" loadingLabel="Loading the contact messages…">
        {({ c }) =>
          c.length === 0 ? (
            <p>
              {isDelivering
                ? 'Every contact message reached the club’s address.'
                : 'None failed, but none reached the club’s address either: without a mail server (SMTP_URL) each contact message is only saved as a file in the outbox folder.'}
            </p>
          ) : (
            <>
              <p>Their e-mail to the club failed after every attempt. Once the mail settings work again, send them again.</p>
              <ul className="outbox__list">
                {c.map((message) => (
                  <Message key={message.id} message={message} />
                ))}
              </ul>
            </>
          )
        }
      </QueryState>
    </section>
  );
}
