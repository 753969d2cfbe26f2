import type { QueueCounts, QueueEntry } from '@club/contracts';
import { useState } from 'react';
import { errorMessageOf } from '../../api/client.ts';
import { QueryState } from '../../components/query-state.tsx';
import './account.css';
import { useOutbox, useRetryOutbox } from './api/notifications.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));

function Counts({ label, counts }: { label: string; counts: QueueCounts }) {
  return (
    <div className="facts__row">
      <dt>{label}</dt>
      <dd>
        {counts.sent} sent, {counts.saved > 0 && <span className="outbox__failed">{counts.saved} saved, not sent, </span>}
        {counts.waiting} waiting, <span className={counts.failed > 0 ? 'outbox__failed' : undefined}>{counts.failed} failed</span>
      </dd>
    </div>
  );
}

function Entry({ entry }: { entry: QueueEntry }) {
  return (
    <li className="outbox__entry">
      <p className="outbox__what">
        <strong>{entry.status === 'failed' ? 'Failed' : 'Waiting'}</strong> ({entry.channel === 'email' ? 'e-mail' : 'push'}) to {entry.to}: {entry.subject}
      </p>
      <p className="setting__hint">
        Queued {when(entry.created)}, {entry.attempts} attempt{entry.attempts === 1 ? '' : 's'}
        {entry.status === 'pending' && entry.attempts > 0 ? `, next try ${when(entry.nextAttempt)}` : ''}
        {entry.lastError ? `. Last error: ${entry.lastError}` : ''}
      </p>
    </li>
  );
}

/** For admins: what the outbox and push queue hold, so a message that never went out is noticed. */
export function OutboxStatus() {
  const queue = useOutbox();
  const retry = useRetryOutbox();
  const [retried, setRetried] = useState('');

  async function retryNow() {
    setRetried('');
    try {
      const { mail, push } = await retry.mutateAsync({ body: {} });
      setRetried(`Sending ${mail} e-mail${mail === 1 ? '' : 's'} and ${push} push${push === 1 ? '' : 'es'} now; Refresh shows how it went.`);
    } catch (caught) {
      setRetried(errorMessageOf(caught));
    }
  }

  return (
    <section className="panel" aria-labelledby="outbox-heading">
      <h2 id="outbox-heading">
        {/* A phone would otherwise break the heading after "e-". */}
        Outgoing <span className="outbox__word">e-mail</span> and pushes
      </h2>
      <QueryState query={queue} what="the outbox" loadingLabel="Loading the outbox…">
        {({ mail, push, q, smtp, noSmtp }) => (
          <>
            {!smtp && (
              <div className="outbox__warning" role="note" aria-label="E-mail is not delivered">
                <p>
                  <strong>{noSmtp}</strong>
                </p>
                <p>
                  Nobody receives these messages: password links, reminders and contact messages included. Set SMTP_URL (see the webmaster&rsquo;s guide,
                  docs/WEBMASTER.md) and restart the site.
                </p>
              </div>
            )}
            <dl className="facts outbox__counts">
              <Counts label="E-mail" counts={mail} />
              <Counts label="Push" counts={push} />
            </dl>
            {q.length === 0 ? (
              <p>{smtp && mail.saved === 0 ? 'Nothing is waiting or failed: every message has gone out.' : 'Nothing is waiting or failed.'}</p>
            ) : (
              <>
                <h3>Waiting or failed (newest first)</h3>
                <ul className="outbox__list">
                  {q.map((entry) => (
                    <Entry key={`${entry.channel}-${entry.id}`} entry={entry} />
                  ))}
                </ul>
              </>
            )}
            <p className="button-row">
              <button type="button" className="button" disabled={queue.isFetching} onClick={() => void queue.refetch()}>
                Refresh
              </button>
              {mail.waiting + push.waiting + push.failed > 0 && (
                <button type="button" className="button" disabled={retry.isPending} onClick={() => void retryNow()}>
                  Retry now
                </button>
              )}
            </p>
            {mail.failed > 0 && (
              <p className="setting__hint">An e-mail that failed for good is not sent again: its text is not kept. A contact message is, below.</p>
            )}
            <p role="status">{retried}</p>
          </>
        )}
      </QueryState>
    </section>
  );
}
