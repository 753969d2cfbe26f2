import { Link } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { FailedContactMessages } from './failed-contact-messages.tsx';
import { OutboxStatus } from './outbox-status.tsx';

/**
 * What only the webmaster (the `admin` permission) sees on the account page: the outbox of
 * e-mails and pushes, the weekly digest's preview, and contact messages that could not be sent.
 */
export function AdminPanels() {
  return (
    <>
      <OutboxStatus />
      <section className="panel" aria-labelledby="digest-preview-heading">
        <h2 id="digest-preview-heading">The weekly digest</h2>
        <p>
          See next week&rsquo;s digest as members will get it, and send it to yourself: <Link to={PATHS.digestPreview}>Preview the weekly digest</Link>.
        </p>
      </section>
      <FailedContactMessages />
    </>
  );
}
