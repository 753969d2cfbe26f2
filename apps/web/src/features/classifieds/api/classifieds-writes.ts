import type { ListingCategory, ListingCondition, ListingKind, ListingVisibility } from '@club/contracts/plain';
import type { CallBody } from '../../../api/client.ts';
import { useCallMutation } from '../../../api/call-query.ts';
import { LISTING_READS } from './classifieds-reads.ts';

/** A listing as the editor saves it: id 0 places a new one. */
export type ListingDraft = {
  id: number;
  kind: ListingKind;
  category: ListingCategory;
  title: string;
  text: string;
  price: string;
  isOffers: boolean;
  condition: ListingCondition;
  city: string;
  state: string;
  visibility: ListingVisibility;
  carId?: number;
  /** The saved photos that stay, in order; `newPhotos` follow them. */
  keptPhotos: string[];
  newPhotos: File[];
};

function toSaveBody({ newPhotos: _files, keptPhotos, isOffers, carId, ...draft }: ListingDraft): CallBody<'listing.save'> {
  return { ...draft, offers: isOffers ? 1 : 0, photos: keptPhotos, ...(carId === undefined ? {} : { carId }) };
}

/** Places or changes a listing; resolves with its id once the classifieds' reads are fresh. */
export function useSaveListing() {
  const { mutateAsync, isPending } = useCallMutation('listing.save', { invalidates: LISTING_READS });
  return {
    isPending,
    mutateAsync: async (draft: ListingDraft): Promise<number> => {
      const reply = await mutateAsync({ body: toSaveBody(draft), files: draft.newPhotos.length ? { f: draft.newPhotos } : undefined });
      return reply.i;
    },
  };
}

export function useMarkSold() {
  const { mutateAsync, isPending } = useCallMutation('listing.sold', { invalidates: LISTING_READS });
  return { isPending, mutateAsync: async (id: number) => void (await mutateAsync({ body: { id } })) };
}

export function useRenewListing() {
  const { mutateAsync, isPending } = useCallMutation('listing.renew', { invalidates: LISTING_READS });
  return { isPending, mutateAsync: async (id: number) => (await mutateAsync({ body: { id } })).expires };
}

/** The e-mailed one-click renewal (no login). */
export function useRenewByLink() {
  return useCallMutation('listing.renewByLink', { invalidates: LISTING_READS });
}

export function useModerateListing() {
  const { mutateAsync, isPending } = useCallMutation('listing.moderate', { invalidates: LISTING_READS });
  return { isPending, mutateAsync: async (id: number, isHidden: boolean) => void (await mutateAsync({ body: { id, hidden: isHidden ? 1 : 0 } })) };
}

export function useDeleteListing() {
  const { mutateAsync, isPending } = useCallMutation('listing.delete', { invalidates: LISTING_READS });
  return { isPending, mutateAsync: async (id: number) => void (await mutateAsync({ body: { id } })) };
}

export function useContactSeller() {
  const { mutateAsync } = useCallMutation('listing.contact');
  return async (body: CallBody<'listing.contact'>) => void (await mutateAsync({ body }));
}
