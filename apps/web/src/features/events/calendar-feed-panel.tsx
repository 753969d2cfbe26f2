import { dateFormat } from '@club/contracts/plain';
import { useEffect, useRef, useState } from 'react';
import { errorMessageOf } from '../../api/api-error.ts';
import { Dialog } from '../../components/dialog.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useCalendarFeed, useResetCalendarFeed } from './api/calendar-feed.ts';
import '../../components/form.css';
import './calendar-feed-panel.css';

const formatDate = (iso: string): string => dateFormat({ year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));

/**
 * The member's private calendar feed: an address their calendar app subscribes to. Only a hash
 * is kept, so the address is shown once, when it is made; making a new one stops the old one.
 */
export function CalendarFeedPanel() {
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [isAsking, setIsAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<'no' | 'yes' | 'refused'>('no');
  const addressRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // The button pressed was disabled while asking (or was in the dialog, now closed), so focus fell
    // to the page: it goes to the new address instead, selected to copy, and a screen reader reads it.
    if (url !== null) addressRef.current?.focus();
  }, [url]);

  async function makeAddress() {
    setIsAsking(false);
    setError(null);
    setCopied('no');
    try {
      setUrl((await reset.mutateAsync()).url);
    } catch (caught) {
      setError(errorMessageOf(caught));
    }
  }

  async function copyAddress(address: string) {
    setCopied('no');
    try {
      // The browser may refuse (no permission), and a page not on https has no clipboard at all.
      await navigator.clipboard.writeText(address);
      setCopied('yes');
    } catch {
      setCopied('refused');
      addressRef.current?.focus();
      addressRef.current?.select();
    }
  }

  return (
    <section className="panel calendar-feed" aria-labelledby="calendar-feed-heading">
      <h2 id="calendar-feed-heading">Club events in your calendar</h2>
      <p>
        Subscribe to the club’s events in Google Calendar, Apple Calendar or Outlook with your own private address; changed and new events show up there by
        themselves, and it holds the events from a year ago on (each with a link to its page here; its description from three months before it). Keep the
        address to yourself: anyone who has it can see the events.
      </p>
      <QueryState query={feed} what="your calendar address">
        {({ created }) => (
          <>
            {url !== null ? (
              <div className="calendar-feed__address">
                <label htmlFor="calendar-feed-url" className="form-field__label">
                  Your calendar address
                </label>
                <input ref={addressRef} id="calendar-feed-url" className="form-field__input" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
                <p className="form-field__hint">It is shown only now. If you lose it, make a new one.</p>
                <div className="button-row">
                  <button type="button" className="button" onClick={() => void copyAddress(url)}>
                    Copy address
                  </button>
                  <a className="button" href={url.replace(/^https?:/, 'webcal:')}>
                    Open in my calendar app
                  </a>
                </div>
                <div className="form__status" aria-live="polite">
                  {copied === 'yes' && <p className="form__message form__message--success">Copied.</p>}
                  {copied === 'refused' && (
                    <p className="form__message form__message--error">
                      This browser would not let the page copy the address: it is selected above, copy it yourself (Ctrl+C, or press and hold on a phone).
                    </p>
                  )}
                </div>
              </div>
            ) : created !== '' ? (
              <p>
                You made a calendar address on {formatDate(created)}. Make a new one if you lost it or shared it by mistake; the old one then stops working.
              </p>
            ) : null}
            <div className="button-row">
              <button
                type="button"
                className={created === '' ? 'button button--primary' : 'button'}
                disabled={reset.isPending}
                onClick={() => (created === '' ? void makeAddress() : setIsAsking(true))}
              >
                {created === '' ? 'Get my calendar address' : 'Make a new calendar address'}
              </button>
            </div>
            {error !== null && (
              <p className="form__message form__message--error" role="alert">
                {error}
              </p>
            )}
          </>
        )}
      </QueryState>
      <Dialog
        title="New calendar address"
        isOpen={isAsking}
        onClose={() => setIsAsking(false)}
        footer={
          <>
            <button type="button" className="button button--primary" onClick={() => void makeAddress()} data-autofocus>
              Make a new address
            </button>
            <button type="button" className="button" onClick={() => setIsAsking(false)}>
              Cancel
            </button>
          </>
        }
      >
        <p className="dialog__message">Your current calendar address will stop working. Calendars subscribed to it must subscribe again.</p>
      </Dialog>
    </section>
  );
}
