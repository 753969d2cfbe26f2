import { LISTING_MESSAGE_MAX } from '@club/contracts/plain';
import { useId } from 'react';
import { FormField } from '../../components/form-field.tsx';
import { Form } from '../../components/form.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import type { ListingKind } from '@club/contracts/plain';
import { useContactSeller } from './api/classifieds-writes.ts';
import { ownerOf } from './listing-text.ts';

/**
 * A message to the seller through the site: e-mailed to them with the sender's address as
 * Reply-To, so the seller answers by e-mail and their own address is never on the page. A member
 * writes only the message (their name and address go with it); a visitor gives both. A wanted
 * listing's form speaks of the member who wants the thing, not of a seller.
 */
export function ContactSellerForm({ listingId, kind, isLoggedIn }: { listingId: number; kind: ListingKind; isLoggedIn: boolean }) {
  const owner = ownerOf({ kind });
  const headingId = useId();
  const trapId = useId();
  const contact = useContactSeller();
  return (
    <section className="panel listing-contact" aria-labelledby={headingId}>
      <h2 id={headingId}>Write to {owner}</h2>
      <p>
        Your message is e-mailed to {owner}
        {isLoggedIn ? ' with your name and e-mail address' : ''}, so they can answer you directly. Their e-mail address is not shown here.
      </p>
      <Form
        aria-label={`Write to ${owner}`}
        submitLabel="Send message"
        successMessage={kind === 'wanted' ? 'Successfully Sent: they will answer by e-mail.' : 'Successfully Sent: the seller will answer by e-mail.'}
        resetOnSuccess
        onSubmit={(data) => {
          const text = (name: string) => String(data.get(name) ?? '');
          return contact({
            id: listingId,
            message: text('message'),
            website: text('website'),
            ...(isLoggedIn ? {} : { name: text('name'), email: text('email') }),
          });
        }}
      >
        {!isLoggedIn && (
          <div className="listing-form__grid">
            <FormField label="Your name" name="name" maxLength={100} required autoComplete="name" />
            <FormField label="Your e-mail address" name="email" type="email" maxLength={254} required autoComplete="email" />
          </div>
        )}
        <TextAreaField label="Message" name="message" rows={5} maxLength={LISTING_MESSAGE_MAX} required />
        <div className="listing-contact__trap" aria-hidden="true">
          <label htmlFor={trapId}>Leave this field empty</label>
          <input id={trapId} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
      </Form>
    </section>
  );
}
