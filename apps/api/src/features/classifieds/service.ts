import {
  CLASSIFIEDS_PAGE_SIZE,
  dateFormat,
  hasPermission,
  listingPath,
  listingRenewPath,
  LISTING_DAYS,
  LISTING_MAX_PHOTOS,
  LISTING_NOTICE_DAYS,
  listingRenewableFrom,
  SOLD_KEPT_DAYS,
} from '@club/contracts/plain';
import type { CallInput, Listing, ListingStatus, ListingSummary, SessionUser } from '@club/contracts';
import type { Logger } from 'pino';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, forbidden, notFound, tooManyAttempts } from '../../errors.ts';
import { addressKey } from '../../lib/client-address.ts';
import type { CoreServices } from '../../services/index.ts';
import type { SearchIndex } from '../../services/search-index.ts';
import { queueMail } from '../../services/mail.ts';
import { listingRenewalMail, listingReplyMail, oneLine } from '../../services/mail-templates.ts';
import { CONTACT_LIMIT } from '../../services/rate-limit.ts';
import { findLinkedCar } from '../../services/registry-cars.ts';
import { readRenewalToken, renewalToken } from './renewal-links.ts';
import {
  countListingMessagesSince,
  findMemberContact,
  deleteListing,
  findListing,
  insertListing,
  insertListingMessage,
  listListingPage,
  listListingsDueNotice,
  listIndexedListingIds,
  listListingsOfSeller,
  listPublicListingIds,
  listPublishedSince,
  nextListChange,
  setListingState,
  updateListing,
  type ListingFields,
  type ListingFilters,
  type ListingRecord,
} from './store.ts';

/** The longest side a listing's photo is stored at (as a car's); smaller copies go beside it. */
const LISTING_PHOTO_MAX_PX = 2048;

const DAY_MS = 86_400_000;
const NOT_FOUND = 'That listing';

/** A listing as `listing.save` sends it (its contract is the one home of the fields), with the photos split. */
type ListingSave = Omit<CallInput<'listing.save'>, 'g' | 'photos' | 'offers' | 'text'> & {
  body: string;
  isOffers: boolean;
  keptPhotos: string[];
  newPhotos: Buffer[];
};

type ListingMessage = { name: string; email: string | undefined; message: string; honeypot: string; ip: string };

export type ClassifiedsService = {
  /** A page of the list, its total, and the next moment (ms) the clock alone changes it (for the reply cache). */
  list(viewer: SessionUser | undefined, filters: ListingFilters, page: number): { listings: ListingSummary[]; total: number; changesAt: number };
  readOne(viewer: SessionUser | undefined, id: number): Listing;
  mine(actor: SessionUser): ListingSummary[];
  save(actor: SessionUser, listing: ListingSave): Promise<{ id: number; photos: string[] }>;
  markSold(actor: SessionUser, id: number): void;
  renew(actor: SessionUser, id: number): { expires: string };
  renewByLink(token: string): { id: number; title: string; expires: string };
  moderate(actor: SessionUser, id: number, isHidden: boolean): void;
  remove(actor: SessionUser, id: number): void;
  contactSeller(viewer: SessionUser | undefined, id: number, message: ListingMessage, log: Logger): void;
  /** Queues the "still for sale?" e-mail for each listing a week from its end (the daily job). */
  sendRenewalNotices(now?: Date): { notices: number };
};

const iso = (moment: Date) => moment.toISOString();

/** Where a listing stands at `now` (see LISTING_STATUSES). */
export function statusOf(listing: Pick<ListingRecord, 'soldAt' | 'hiddenAt' | 'expiresAt'>, now: Date = new Date()): ListingStatus {
  if (listing.hiddenAt !== null) return 'hidden';
  if (listing.soldAt !== null) return Date.parse(listing.soldAt) + SOLD_KEPT_DAYS * DAY_MS > now.getTime() ? 'sold' : 'archived';
  return Date.parse(listing.expiresAt) > now.getTime() ? 'active' : 'expired';
}

/** The next moment (ms) after `now` a listing's status changes by the clock alone (it ends, or its days as "sold" do); Infinity after its last. */
export function nextStatusChange(listing: Pick<ListingSummary, 'expires' | 'sold'>, now: number = Date.now()): number {
  const at = listing.sold === null ? Date.parse(listing.expires) : Date.parse(listing.sold) + SOLD_KEPT_DAYS * DAY_MS;
  return at > now ? at : Number.POSITIVE_INFINITY;
}

const isModerator = (viewer: SessionUser | undefined) => viewer !== undefined && hasPermission(viewer.permissions, 'moderator');

function toSummary(viewer: SessionUser | undefined, listing: ListingRecord, now: Date): ListingSummary {
  return {
    id: listing.id,
    kind: listing.kind,
    category: listing.category,
    title: listing.title,
    price: listing.priceCents === null ? null : listing.priceCents / 100,
    isOffers: listing.isOffers,
    condition: listing.condition,
    city: listing.city,
    state: listing.state,
    photo: listing.photos[0] ?? '',
    photoCount: listing.photos.length,
    visibility: listing.visibility,
    status: statusOf(listing, now),
    // A member's name is for members: a visitor sees the listing, not who placed it.
    seller: viewer === undefined ? null : listing.sellerName,
    published: listing.created,
    expires: listing.expiresAt,
    sold: listing.soldAt,
  };
}

/**
 * Whether a viewer may open a listing at `now`: its seller and the moderators always; others while
 * it is on the list (running, or sold within SOLD_KEPT_DAYS, and not hidden), visitors only a public one.
 */
function maySee(viewer: SessionUser | undefined, listing: ListingRecord, now: Date): boolean {
  if (viewer !== undefined && (viewer.id === listing.sellerId || isModerator(viewer))) return true;
  if (viewer === undefined && listing.visibility !== 'public') return false;
  const status = statusOf(listing, now);
  return status === 'active' || status === 'sold';
}

/** The price a listing stores: for sale, a price or "offers" (or both); wanted, neither. */
function priceOf(input: Pick<ListingSave, 'kind' | 'price' | 'isOffers'>): { priceCents: number | null; isOffers: boolean } {
  if (input.kind === 'wanted') return { priceCents: null, isOffers: false };
  if (input.price === undefined && !input.isOffers) throw badRequest('Please give a price, or tick “Offers”, for a listing for sale.');
  return { priceCents: input.price === undefined ? null : Math.round(input.price * 100), isOffers: input.isOffers };
}

export function createClassifiedsService({
  db,
  services,
  config,
}: Pick<AppDeps, 'db' | 'config'> & { services: Pick<CoreServices, 'images' | 'keys' | 'mail'> & { search: SearchIndex } }): ClassifiedsService {
  const dateOf = (at: string) => dateFormat({ timeZone: config.timeZone, month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(at));

  /** The listing for an act of its seller's (a moderator may not act as the seller). */
  const findOwn = (actor: SessionUser, id: number, message: string): ListingRecord => {
    const listing = findListing(db, id);
    if (!listing || !maySee(actor, listing, new Date())) throw notFound(NOT_FOUND);
    if (listing.sellerId !== actor.id) throw forbidden(message);
    return listing;
  };

  const toListing = (viewer: SessionUser | undefined, listing: ListingRecord, now: Date): Listing => {
    const car = listing.carId === null ? undefined : findLinkedCar(db, listing.carId, viewer);
    return {
      ...toSummary(viewer, listing, now),
      text: listing.body,
      photos: listing.photos,
      car: car ? { id: car.id, label: car.label } : null,
      isMine: viewer?.id === listing.sellerId,
      canModerate: isModerator(viewer),
    };
  };

  return {
    list(viewer, filters, page) {
      const now = new Date();
      const moments = { now: iso(now), soldKeptSince: iso(new Date(now.getTime() - SOLD_KEPT_DAYS * DAY_MS)) };
      const found = listListingPage(db, { isMember: viewer !== undefined, isModerator: isModerator(viewer) }, filters, {
        ...moments,
        page,
        pageSize: CLASSIFIEDS_PAGE_SIZE,
      });
      const changesAt = nextListChange(db, { ...moments, soldKeptMs: SOLD_KEPT_DAYS * DAY_MS });
      return { listings: found.rows.map((row) => toSummary(viewer, row, now)), total: found.total, changesAt };
    },

    readOne(viewer, id) {
      const now = new Date();
      const listing = findListing(db, id);
      // A visitor learns nothing of a members-only listing, not even that it exists.
      if (!listing || !maySee(viewer, listing, now)) throw notFound(NOT_FOUND);
      return toListing(viewer, listing, now);
    },

    mine(actor) {
      const now = new Date();
      return listListingsOfSeller(db, actor.id).map((row) => toSummary(actor, row, now));
    },

    async save(actor, input) {
      const existing = input.id === 0 ? undefined : findOwn(actor, input.id, 'Only the seller can change this listing.');
      if (existing && existing.hiddenAt !== null) throw forbidden('A moderator hid this listing, so it cannot be changed. Please ask a forum moderator.');
      const { priceCents, isOffers } = priceOf(input);
      const carId = input.carId ?? null;
      if (carId !== null && carId !== existing?.carId) {
        const car = findLinkedCar(db, carId, actor);
        if (!car || car.ownerId !== actor.id) {
          throw badRequest('Only a car of your own in the registry can be linked to your listing. Please choose it from its page.');
        }
      }
      const current = existing?.photos ?? [];
      const kept = [...new Set(input.keptPhotos)];
      if (kept.some((url) => !current.includes(url))) {
        throw badRequest('A photo of the listing is no longer on it (it may have been changed elsewhere). Please reload the page and try again.');
      }
      if (kept.length + input.newPhotos.length > LISTING_MAX_PHOTOS) {
        throw badRequest(`A listing can have at most ${LISTING_MAX_PHOTOS} photos. Please remove some before adding more.`);
      }
      const pending = input.newPhotos.map((buffer) => ({ buffer, options: { folder: 'classifieds', maxSize: LISTING_PHOTO_MAX_PX, acceptAnyImage: true } }));
      return services.images.saveWithUploads(pending, (urls) => {
        const photos = [...kept, ...urls.filter((url): url is string => url !== undefined)];
        const fields: ListingFields = {
          kind: input.kind,
          category: input.category,
          title: input.title,
          body: input.body,
          priceCents,
          isOffers,
          condition: input.condition,
          city: input.city,
          state: input.state,
          visibility: input.visibility,
          carId,
          photos,
        };
        const id = db.transaction((tx) => {
          const savedId = existing ? existing.id : insertListing(tx, actor.id, fields, iso(new Date(Date.now() + LISTING_DAYS * DAY_MS)));
          if (existing && !updateListing(tx, existing.id, fields)) throw notFound(NOT_FOUND);
          services.search.reindex(tx, 'listing', [savedId]);
          return savedId;
        });
        return { result: { id, photos }, dropped: current.filter((url) => !photos.includes(url)) };
      });
    },

    markSold(actor, id) {
      // A wanted ad closes the same way: its owner marks it "Found it".
      const listing = findOwn(actor, id, 'Only the member who placed this listing can mark it sold or found.');
      if (listing.soldAt !== null) return;
      db.transaction((tx) => {
        setListingState(tx, id, { soldAt: iso(new Date()) });
        services.search.reindex(tx, 'listing', [id]);
      });
    },

    renew(actor, id) {
      const listing = findOwn(actor, id, 'Only the seller can renew this listing.');
      if (listing.soldAt !== null) throw badRequest('This listing is marked sold, so it cannot be renewed. Place a new listing if it is for sale again.');
      if (listing.hiddenAt !== null) throw forbidden('A moderator hid this listing, so it cannot be renewed. Please ask a forum moderator.');
      const renewableFrom = listingRenewableFrom(listing.expiresAt);
      if (Date.now() < renewableFrom) {
        throw badRequest(
          `This listing runs until ${dateOf(listing.expiresAt)}. You can renew it from ${dateOf(new Date(renewableFrom).toISOString())}, in its last week.`,
        );
      }
      const expires = iso(new Date(Date.now() + LISTING_DAYS * DAY_MS));
      db.transaction((tx) => {
        setListingState(tx, id, { expiresAt: expires });
        services.search.reindex(tx, 'listing', [id]);
      });
      return { expires };
    },

    renewByLink(token) {
      const read = readRenewalToken(services.keys.linkSecret, token);
      if (!read)
        throw badRequest(
          'This renewal link is not complete or not one of ours. Please open the link from the e-mail again, or log in and renew the listing from its page.',
        );
      const listing = findListing(db, read.listingId);
      if (!listing) throw notFound(NOT_FOUND);
      if (listing.soldAt !== null) throw badRequest('This listing is marked sold, so it cannot be renewed.');
      if (listing.hiddenAt !== null) throw badRequest('A moderator hid this listing, so it cannot be renewed. Please ask a forum moderator.');
      const expires = iso(new Date(Date.now() + LISTING_DAYS * DAY_MS));
      // The link renews the expiry it was sent for, once: a second click (or an old e-mail) finds another expiry.
      const isRenewed =
        Date.parse(listing.expiresAt) === read.expiresMs &&
        db.transaction((tx) => {
          const isSet = setListingState(tx, listing.id, { expiresAt: expires }, listing.expiresAt);
          if (isSet) services.search.reindex(tx, 'listing', [listing.id]);
          return isSet;
        });
      if (!isRenewed)
        throw badRequest(
          `This link was already used: the listing now runs until ${dateOf(listing.expiresAt)}. To renew it again, log in and use Renew on its page.`,
        );
      return { id: listing.id, title: listing.title, expires };
    },

    moderate(actor, id, isHidden) {
      const listing = findListing(db, id);
      if (!listing) throw notFound(NOT_FOUND);
      if ((listing.hiddenAt !== null) === isHidden) return;
      db.transaction((tx) => {
        setListingState(tx, id, { hiddenAt: isHidden ? iso(new Date()) : null });
        services.search.reindex(tx, 'listing', [id]);
      });
    },

    remove(actor, id) {
      const listing = findListing(db, id);
      if (!listing || !maySee(actor, listing, new Date())) throw notFound(NOT_FOUND);
      if (listing.sellerId !== actor.id && !isModerator(actor)) throw forbidden('Only the seller or a forum moderator can delete this listing.');
      db.transaction((tx) => {
        if (!deleteListing(tx, id)) throw notFound(NOT_FOUND);
        services.search.reindex(tx, 'listing', [id]);
      });
      for (const url of listing.photos) services.images.remove(url);
    },

    contactSeller(viewer, id, { name, email, message, honeypot, ip: rawIp }, log) {
      const now = new Date();
      const listing = findListing(db, id);
      if (!listing || !maySee(viewer, listing, now)) throw notFound(NOT_FOUND);
      if (viewer?.id === listing.sellerId) throw badRequest('This is your own listing.');
      const status = statusOf(listing, now);
      if (status !== 'active')
        throw badRequest(
          status === 'sold'
            ? listing.kind === 'wanted'
              ? 'This wanted item was found, so its member is no longer taking messages about it.'
              : 'This listing is sold, so the seller is no longer taking messages about it.'
            : 'This listing is no longer on the list, so it cannot be answered.',
        );
      if (honeypot) {
        // A robot filled the field people never see: answer as if all went well, so it learns nothing.
        log.info({ listingHoneypot: true }, 'classifieds reply honeypot filled; message dropped');
        return;
      }
      const sender = viewer ? findMemberContact(db, viewer.id) : { name: oneLine(name), email };
      if (!sender) throw notFound('Your member record');
      if (!sender.name) throw badRequest('Please give your name.');
      if (!sender.email) throw badRequest('Please give your e-mail address, so the seller can answer.');
      const ip = addressKey(rawIp);
      const mail = listingReplyMail({
        to: listing.sellerEmail,
        sellerFirstName: listing.sellerFirstName,
        title: oneLine(listing.title),
        senderName: sender.name,
        senderEmail: sender.email,
        isMember: viewer !== undefined,
        message,
        link: `${config.baseUrl}${listingPath(listing.id)}`,
        clubName: config.clubName,
      });
      // The count and the insert share one transaction, so two quick requests cannot both slip under the limit.
      const isSent = db.transaction((tx) => {
        const since = iso(new Date(now.getTime() - CONTACT_LIMIT.windowMs));
        if (countListingMessagesSince(tx, { ip, senderId: viewer?.id ?? null }, since) >= CONTACT_LIMIT.maxMessages) return false;
        insertListingMessage(tx, { listingId: listing.id, senderId: viewer?.id ?? null, ip, outboxId: queueMail(tx, mail) });
        return true;
      });
      if (!isSent)
        throw tooManyAttempts('You have sent several messages through the classifieds in the last hour. Please wait an hour before sending another.');
      services.mail.kick();
    },

    sendRenewalNotices(now = new Date()) {
      const notices = db.transaction((tx) => {
        const due = listListingsDueNotice(tx, iso(now), iso(new Date(now.getTime() + LISTING_NOTICE_DAYS * DAY_MS)));
        // Each is personal (one seller, one listing, a link that acts), so not bulk: it never waits behind the morning's event reminders.
        for (const listing of due) {
          const token = renewalToken(services.keys.linkSecret, listing.id, listing.expiresAt);
          queueMail(
            tx,
            listingRenewalMail({
              to: listing.sellerEmail,
              firstName: listing.sellerFirstName,
              title: oneLine(listing.title),
              expires: dateOf(listing.expiresAt),
              renewLink: `${config.baseUrl}${listingRenewPath(token)}`,
              listingLink: `${config.baseUrl}${listingPath(listing.id)}`,
              days: LISTING_DAYS,
              clubName: config.clubName,
            }),
          );
          setListingState(tx, listing.id, { noticeSentFor: listing.expiresAt });
        }
        // Time alone ends a listing (expired, or sold SOLD_KEPT_DAYS ago): the daily run takes those out of the search.
        services.search.reindex(tx, 'listing', listIndexedListingIds(tx));
        return due.length;
      });
      if (notices > 0) services.mail.kick();
      return { notices };
    },
  };
}

/**
 * The weekly digest's "new classifieds" (issue 26): listings published at or after `since` that
 * members see at `now` (running, not sold, not hidden; members-only and public alike), newest
 * first as on the classifieds page, as a member reads them (with the seller's name).
 */
export function listingsPublishedSince(db: DbOrTx, since: Date, now: Date = new Date()): ListingSummary[] {
  const reader = { id: 0, name: '', displayName: '', permissions: [], emailNotifications: false } satisfies SessionUser;
  return listPublishedSince(db, iso(since), iso(now)).map((row) => toSummary(reader, row, now));
}

/** A member's listings whole, as they see them (a member's data export). */
export function exportListingsOfMember(db: DbOrTx, memberId: number): (ListingSummary & { text: string; photos: string[] })[] {
  const now = new Date();
  const reader = { id: memberId, name: '', displayName: '', permissions: [], emailNotifications: false } satisfies SessionUser;
  return listListingsOfSeller(db, memberId).map((row) => ({ ...toSummary(reader, row, now), text: row.body, photos: row.photos }));
}

/**
 * Removes a member's listings (their deletion or erasure, in the caller's transaction) and their
 * search entries; returns the photos to delete after it commits.
 */
export function removeListingsOfMember(tx: DbOrTx, search: Pick<SearchIndex, 'reindex'>, memberId: number): string[] {
  const owned = listListingsOfSeller(tx, memberId);
  for (const listing of owned) deleteListing(tx, listing.id);
  search.reindex(
    tx,
    'listing',
    owned.map((listing) => listing.id),
  );
  return owned.flatMap((listing) => listing.photos);
}

/** The pages of the listings anyone may see now, for the sitemap. */
export function listPublicListingPaths(db: DbOrTx): string[] {
  return listPublicListingIds(db, iso(new Date())).map(listingPath);
}
