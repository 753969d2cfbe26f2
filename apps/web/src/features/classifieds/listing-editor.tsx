import {
  LISTING_CATEGORIES,
  LISTING_CATEGORY_LABELS,
  LISTING_CONDITIONS,
  LISTING_CONDITION_LABELS,
  LISTING_KIND_LABELS,
  LISTING_KINDS,
  LISTING_MAX_PHOTOS,
  LISTING_TEXT_MAX,
  LISTING_VISIBILITIES,
  LISTING_VISIBILITY_LABELS,
  type ListingCategory,
  type ListingCondition,
  type ListingKind,
  type ListingVisibility,
} from '@club/contracts/plain';
import type { Listing } from '@club/contracts';
import { useId, useState } from 'react';
import { Dialog } from '../../components/dialog.tsx';
import { FieldFrame } from '../../components/field-frame.tsx';
import { FormField } from '../../components/form-field.tsx';
import { Form } from '../../components/form.tsx';
import { RadioChoices } from '../../components/radio-choices.tsx';
import { PhotoListField, photoKey, type ListedPhoto } from '../../components/image-picker/photo-list-field.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useGuardedEditor } from '../../components/unsaved-changes.tsx';
import { useSaveListing } from './api/classifieds-writes.ts';
import '../../components/form.css';
import './classifieds.css';

/** What a new listing starts with when it comes from elsewhere (a registry car's "List this car for sale"). */
export type ListingPreset = { category?: ListingCategory; title?: string; carId?: number; carLabel?: string };

const VISIBILITY_HINTS: Record<ListingVisibility, string> = {
  members: 'Only logged-in members see it.',
  public: 'Anyone may see it and write to you through the site (your e-mail address is never shown). Members see your name; visitors do not.',
};

const priceText = (listing: Listing | null): string => (listing?.price === null || listing === null ? '' : String(listing.price));

/** Places (listing null) or edits a listing; rendered only while open, so each opening starts afresh. */
export function ListingEditor({
  listing,
  preset = {},
  onClose,
  onSaved,
}: {
  listing: Listing | null;
  preset?: ListingPreset;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const id = useId();
  const saveListing = useSaveListing();
  const [kind, setKind] = useState<ListingKind>(listing?.kind ?? 'sale');
  const [photos, setPhotos] = useState<ListedPhoto[]>(() => (listing?.photos ?? []).map((url) => ({ key: photoKey(), kind: 'kept', url })));
  // Asks before ×, Cancel or Escape drop what was typed; photos change by buttons, not typing.
  const editor = useGuardedEditor(onClose);
  const changePhotos = (next: ListedPhoto[]) => {
    setPhotos(next);
    editor.onDirtyChange(true);
  };
  const carId = listing ? (listing.car?.id ?? undefined) : preset.carId;
  const carLabel = listing ? listing.car?.label : preset.carLabel;

  async function save(data: FormData) {
    const text = (name: string) => String(data.get(name) ?? '');
    return saveListing.mutateAsync({
      id: listing?.id ?? 0,
      kind,
      category: text('category') as ListingCategory,
      title: text('title'),
      text: text('text'),
      price: kind === 'sale' ? text('price') : '',
      isOffers: kind === 'sale' && data.get('offers') !== null,
      condition: text('condition') as ListingCondition,
      city: text('city'),
      state: text('state'),
      visibility: text('visibility') as ListingVisibility,
      ...(carId === undefined ? {} : { carId }),
      keptPhotos: photos.flatMap((photo) => (photo.kind === 'kept' ? [photo.url] : [])),
      newPhotos: photos.flatMap((photo) => (photo.kind === 'new' ? [photo.file] : [])),
    });
  }

  return (
    <>
      <Dialog title={listing ? `Edit ${listing.title}` : 'Place a Listing'} isOpen onClose={editor.close}>
        <Form
          aria-label={listing ? 'Edit listing' : 'Place listing'}
          className="listing-form"
          onSubmit={save}
          onSuccess={onSaved}
          onDirtyChange={editor.onDirtyChange}
          submitLabel={listing ? 'Save' : 'Place listing'}
          actions={
            <button type="button" className="button" onClick={editor.close}>
              Cancel
            </button>
          }
        >
          <fieldset className="listing-form__choice">
            <legend>For sale or wanted?</legend>
            {LISTING_KINDS.map((choice) => (
              <div key={choice} className="checkbox-field">
                <input
                  id={`${id}-kind-${choice}`}
                  type="radio"
                  name="kind"
                  value={choice}
                  checked={kind === choice}
                  onChange={() => setKind(choice)}
                  data-autofocus={kind === choice || undefined}
                />
                <label htmlFor={`${id}-kind-${choice}`}>{LISTING_KIND_LABELS[choice]}</label>
              </div>
            ))}
          </fieldset>
          {carLabel !== undefined && (
            <p className="notice">
              This listing sells <strong>{carLabel}</strong> from the registry, and links to its page.
            </p>
          )}
          <div className="listing-form__grid">
            <FieldFrame label="What is it?" name="category" required>
              {(control) => (
                <select className="form-field__input" {...control} name="category" required defaultValue={listing?.category ?? preset.category ?? ''}>
                  <option value="">Choose one</option>
                  {LISTING_CATEGORIES.map((category) => (
                    <option key={category} value={category}>
                      {LISTING_CATEGORY_LABELS[category]}
                    </option>
                  ))}
                </select>
              )}
            </FieldFrame>
            <FormField
              label="Title"
              name="title"
              maxLength={120}
              required
              defaultValue={listing?.title ?? preset.title ?? ''}
              autoComplete="off"
              hint="What a member looks for, like “Zenith carburetor, rebuilt”."
            />
            {kind === 'sale' && (
              <>
                <FormField
                  label="Price in dollars"
                  name="price"
                  inputMode="decimal"
                  maxLength={14}
                  defaultValue={priceText(listing)}
                  autoComplete="off"
                  hint="Like 125 or 12.50. Leave blank if you take offers only."
                />
                <div className="checkbox-field listing-form__offers">
                  <input id={`${id}-offers`} type="checkbox" name="offers" defaultChecked={listing?.isOffers ?? false} />
                  <label htmlFor={`${id}-offers`}>Offers (or best offer)</label>
                </div>
              </>
            )}
            <FieldFrame label="Condition" name="condition">
              {(control) => (
                <select className="form-field__input" {...control} name="condition" defaultValue={listing?.condition ?? ''}>
                  {LISTING_CONDITIONS.map((condition) => (
                    <option key={condition} value={condition}>
                      {LISTING_CONDITION_LABELS[condition]}
                    </option>
                  ))}
                </select>
              )}
            </FieldFrame>
            <FormField label="City" name="city" maxLength={100} defaultValue={listing?.city ?? ''} autoComplete="address-level2" />
            <FormField label="State" name="state" maxLength={50} defaultValue={listing?.state ?? ''} autoComplete="address-level1" />
          </div>
          <TextAreaField
            label="Description"
            name="text"
            rows={6}
            maxLength={LISTING_TEXT_MAX}
            defaultValue={listing?.text ?? ''}
            hint="Part numbers, what fits, what it needs. Leave a blank line between paragraphs."
          />
          <RadioChoices
            className="listing-form__choice"
            legend="Who may see it?"
            name="visibility"
            choices={LISTING_VISIBILITIES.map((visibility) => ({
              value: visibility,
              label: LISTING_VISIBILITY_LABELS[visibility],
              hint: VISIBILITY_HINTS[visibility],
            }))}
            defaultValue={listing?.visibility ?? 'members'}
          />
          <PhotoListField photos={photos} onChange={changePhotos} max={LISTING_MAX_PHOTOS} what="listing" />
        </Form>
      </Dialog>
      {editor.dialog}
    </>
  );
}
