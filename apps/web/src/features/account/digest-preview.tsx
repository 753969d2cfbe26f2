import { dateFormat } from '@club/contracts/plain';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessageOf } from '../../api/client.ts';
import { QueryState } from '../../components/query-state.tsx';
import { PATHS } from '../../lib/paths.ts';
import { useSession } from '../../session/index.ts';
import { useDigestPreview, useSendDigestPreview } from './api/digest.ts';
import './digest-preview.css';

const WIDTHS = [
  { px: 390, label: 'Phone (390 px)' },
  { px: 800, label: 'Computer (800 px)' },
] as const;

const weekLabel = (week: string) =>
  dateFormat({ timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(`${week}T00:00:00Z`));

/** For admins: next week's digest as a mail program shows it, at a phone's or a computer's width, and "Send it to me". */
export function DigestPreview() {
  const { can } = useSession();
  const isAdmin = can('admin');
  const preview = useDigestPreview(isAdmin);
  const send = useSendDigestPreview();
  const [width, setWidth] = useState<number>(WIDTHS[0].px);
  const [height, setHeight] = useState(600);
  if (!isAdmin) return <p className="notice">Only administrators can preview the weekly digest.</p>;

  return (
    <QueryState query={preview} what="the digest preview" loadingLabel="Writing the digest…">
      {({ subject, html, text, week, recipients, isEmpty }) => (
        <>
          <section className="panel" aria-labelledby="digest-next">
            <h2 id="digest-next">Week of {weekLabel(week)}</h2>
            {isEmpty ? (
              <p className="notice" role="status">
                Nothing new has been added since last week, so as things stand nobody gets a digest this time. It goes out as soon as there is a new event,
                Valley News, photo post or forum post before the next run.
              </p>
            ) : (
              <p>
                It will go to {recipients} member address{recipients === 1 ? '' : 'es'} (members with e-mail notifications and the digest on), each with their
                own &ldquo;I&rsquo;m coming&rdquo; links. Below is yours, with what is on the site now.
              </p>
            )}
            <p>
              <strong>Subject:</strong> {subject}
            </p>
            <p className="button-row">
              <button type="button" className="button button--primary" disabled={isEmpty || send.isPending} onClick={() => send.mutate({ body: {} })}>
                {send.isPending ? 'Sending…' : 'Send it to me'}
              </button>
            </p>
            <div aria-live="polite">
              {send.isSuccess && (
                <p className="form__message form__message--success">
                  Sent to {send.data.to}; it goes out within a minute (see <Link to={PATHS.account}>Outgoing e-mail</Link>).
                </p>
              )}
            </div>
            {send.isError && (
              <p className="form__message form__message--error" role="alert">
                {errorMessageOf(send.error)}
              </p>
            )}
          </section>
          <section className="panel" aria-labelledby="digest-look">
            <h2 id="digest-look">How it looks</h2>
            <div className="button-row" role="group" aria-label="Width">
              {WIDTHS.map((option) => (
                <button key={option.px} type="button" className="button" aria-pressed={width === option.px} onClick={() => setWidth(option.px)}>
                  {option.label}
                </button>
              ))}
            </div>
            <div className="digest-preview__frame-wrap">
              <iframe
                className="digest-preview__frame"
                title="The weekly digest as a mail program shows it"
                sandbox="allow-same-origin"
                srcDoc={html}
                style={{ width: `${width}px`, height: `${height}px` }}
                onLoad={(event) => setHeight(event.currentTarget.contentDocument?.documentElement.scrollHeight ?? 600)}
              />
            </div>
            <details className="digest-preview__text">
              <summary>The plain-text part</summary>
              <pre>{text}</pre>
            </details>
          </section>
        </>
      )}
    </QueryState>
  );
}
