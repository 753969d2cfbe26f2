import type { Listing } from '@club/contracts';
import { listingRenewableFrom } from '@club/contracts/plain';
import { useEffect, useRef, useState } from 'react';
import { errorMessageOf } from '../../api/client.ts';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { loadWhenShown } from '../../components/load-when-shown.tsx';
import { useDeleteListing, useMarkSold, useModerateListing, useRenewListing } from './api/classifieds-writes.ts';
import { useIsHydrated } from '../../lib/use-is-hydrated.ts';
import { dayOf } from './listing-text.ts';

// The seller's editor loads when opened, never for a visitor reading the listing.
const ListingEditor = loadWhenShown(() => import('./listing-editor.tsx').then((m) => m.ListingEditor));

type Asking = 'none' | 'edit' | 'sold' | 'delete';

/** Whether the seller may renew now: an ended listing, or a running one in its last week. */
const isRenewableNow = (listing: Listing): boolean =>
  listing.status === 'expired' || (listing.status === 'active' && Date.now() >= listingRenewableFrom(listing.expires));

/**
 * What the seller does with their listing (edit, mark sold or found, renew in its last week,
 * delete; until then it says when it ends) and what a moderator
 * does with anyone's (hide or show again, delete). Each answer is announced in the status line.
 */
export function ListingActions({ listing, onDeleted }: { listing: Listing; onDeleted: () => void }) {
  const [asking, setAsking] = useState<Asking>('none');
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const markSold = useMarkSold();
  const renew = useRenewListing();
  const moderate = useModerateListing();
  const remove = useDeleteListing();
  const isBusy = markSold.isPending || renew.isPending || moderate.isPending;
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // Marking it sold takes away the button that asked (and Renew): focus, left on the page, goes
    // to the answer rather than back to the page's top.
    if (message !== null && (document.activeElement === null || document.activeElement === document.body)) messageRef.current?.focus();
  }, [message]);
  // The clock is read only once the page is the browser's own: the server's markup never holds it.
  const isHydrated = useIsHydrated();
  const canRenew = listing.isMine && isHydrated && isRenewableNow(listing);
  const isWanted = listing.kind === 'wanted';

  async function run(action: () => Promise<string>) {
    setMessage(null);
    try {
      setMessage({ text: await action(), isError: false });
    } catch (caught) {
      setMessage({ text: errorMessageOf(caught), isError: true });
    }
  }

  if (!listing.isMine && !listing.canModerate) return null;
  return (
    <section className="panel listing-actions" aria-label={listing.isMine ? 'Your listing' : 'Moderation'}>
      {listing.isMine && listing.status === 'active' && !canRenew && (
        <p className="listing-actions__ends">
          Runs until {dayOf(listing.expires)}. You can renew it in its last week, from {dayOf(new Date(listingRenewableFrom(listing.expires)).toISOString())}.
        </p>
      )}
      <p className="button-row">
        {listing.isMine && listing.status !== 'hidden' && listing.status !== 'archived' && (
          <button type="button" className="button button--primary" onClick={() => setAsking('edit')}>
            Edit listing
          </button>
        )}
        {listing.isMine && (listing.status === 'active' || listing.status === 'expired') && (
          <button type="button" className="button" disabled={isBusy} onClick={() => setAsking('sold')}>
            {isWanted ? 'Found it' : 'Mark as sold'}
          </button>
        )}
        {canRenew && (
          <button
            type="button"
            className="button"
            disabled={isBusy}
            onClick={() => void run(async () => `Successfully Saved: the listing now runs until ${dayOf(await renew.mutateAsync(listing.id))}.`)}
          >
            Renew for 60 days
          </button>
        )}
        {listing.canModerate && (
          <button
            type="button"
            className="button"
            disabled={isBusy}
            onClick={() =>
              void run(async () => {
                await moderate.mutateAsync(listing.id, listing.status !== 'hidden');
                return listing.status === 'hidden'
                  ? 'Successfully Saved: the listing is shown again.'
                  : 'Successfully Saved: the listing is hidden from everyone but its seller and the moderators.';
              })
            }
          >
            {listing.status === 'hidden' ? 'Show listing again' : 'Hide listing'}
          </button>
        )}
        <button type="button" className="button button--danger" onClick={() => setAsking('delete')}>
          Delete listing
        </button>
      </p>
      <div aria-live="polite" className="form__status">
        {message && (
          <p ref={messageRef} tabIndex={-1} className={message.isError ? 'form__message form__message--error' : 'form__message form__message--success'}>
            {message.text}
          </p>
        )}
      </div>
      {asking === 'edit' && <ListingEditor listing={listing} onClose={() => setAsking('none')} onSaved={() => setAsking('none')} />}
      {asking === 'sold' && (
        <Dialog
          title={isWanted ? 'Found It' : 'Mark as Sold'}
          isOpen
          onClose={() => setAsking('none')}
          footer={
            <>
              <button
                type="button"
                className="button button--primary"
                onClick={() => {
                  setAsking('none');
                  void run(async () => {
                    await markSold.mutateAsync(listing.id);
                    return `Successfully Saved: the listing shows as ${isWanted ? 'found' : 'sold'} for 30 days, then it is archived.`;
                  });
                }}
              >
                {isWanted ? 'Found it' : 'Mark as sold'}
              </button>
              <button type="button" className="button" onClick={() => setAsking('none')} data-autofocus>
                Cancel
              </button>
            </>
          }
        >
          <p className="dialog__message">
            Mark “{listing.title}” as {isWanted ? 'found' : 'sold'}? It shows as {isWanted ? 'found' : 'sold'} for 30 days and takes no more messages.
          </p>
        </Dialog>
      )}
      {asking === 'delete' && (
        <ConfirmDeleteDialog
          title="Delete Listing"
          question={`Delete “${listing.title}” and its photos? This cannot be undone.`}
          confirmLabel="Delete"
          onConfirm={() => remove.mutateAsync(listing.id)}
          onClose={() => setAsking('none')}
          onDeleted={onDeleted}
        />
      )}
    </section>
  );
}
