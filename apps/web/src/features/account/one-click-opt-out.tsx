import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessageOf } from '../../api/client.ts';
import { PATHS } from '../../lib/paths.ts';

/** The mutation behind an opt-out link: the server answers the address it turned off (`m`). */
interface OptOutCall {
  isSuccess: boolean;
  isError: boolean;
  isPending: boolean;
  data: { m: string } | undefined;
  error: unknown;
  mutate: (variables: { body: { t: string } }) => void;
}

interface OneClickOptOutProps {
  optOut: OptOutCall;
  /** The signed token from the e-mailed link. */
  token: string;
  question: string;
  /** What is now off, said of the member's address. */
  doneText: (email: string) => ReactNode;
  /** "switch it back on", said after "Changed your mind? Log in and". */
  undoText: string;
  actionLabel: string;
  pendingLabel: string;
}

/**
 * A page behind an opt-out link from an e-mail. Opening the page changes nothing (mail programs'
 * link scanners open every link): one click turns the mail off, without logging in (the link is
 * signed). Mail programs' own one-click unsubscribe POSTs straight to the API.
 */
export function OneClickOptOut({ optOut, token, question, doneText, undoText, actionLabel, pendingLabel }: OneClickOptOutProps) {
  if (optOut.isSuccess && optOut.data) {
    return (
      <div className="panel" role="status">
        <p>
          <strong>Successfully Saved:</strong> {doneText(optOut.data.m)}
        </p>
        <p>
          Changed your mind? Log in and {undoText} from your <Link to={PATHS.account}>Account page</Link>.
        </p>
      </div>
    );
  }
  return (
    <div className="panel">
      <p>{question}</p>
      {optOut.isError && (
        <div className="notice notice--error" role="alert">
          <p>{errorMessageOf(optOut.error)}</p>
          <p>
            <Link to={PATHS.account}>Go to your Account page</Link>
          </p>
        </div>
      )}
      <button type="button" className="button" disabled={optOut.isPending} onClick={() => optOut.mutate({ body: { t: token } })}>
        {optOut.isPending ? pendingLabel : actionLabel}
      </button>
    </div>
  );
}
