import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { emptyJsonArray, now } from './columns.ts';
import { cars } from './garage.ts';
import { outbox } from './mail.ts';
import { members } from './members.ts';

/**
 * The classifieds: members' "for sale / wanted" listings. A listing belongs to its seller and goes
 * with them (the service deletes its photos). Its state is read from its dates: expired once
 * `expires_at` has passed, sold from `sold_at` (archived 30 days later), hidden by a moderator
 * from `hidden_at`.
 */
export const listings = sqliteTable(
  'listings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['sale', 'wanted'] }).notNull(),
    category: text('category', { enum: ['car', 'part', 'tools', 'literature'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** In cents; null for "offers" without a price and for wanted listings. */
    priceCents: integer('price_cents'),
    isOffers: integer('is_offers', { mode: 'boolean' }).notNull().default(false),
    condition: text('condition', { enum: ['', 'new', 'nos', 'excellent', 'good', 'fair', 'poor', 'restorable'] })
      .notNull()
      .default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    visibility: text('visibility', { enum: ['members', 'public'] })
      .notNull()
      .default('members'),
    /** The registry car it sells; the listing stays if the car is removed. */
    carId: integer('car_id').references(() => cars.id, { onDelete: 'set null' }),
    /** Upload URLs in the seller's order; the first is the listing's picture in lists. */
    photos: text('photos', { mode: 'json' }).$type<string[]>().notNull().default(emptyJsonArray),
    expiresAt: text('expires_at').notNull(),
    soldAt: text('sold_at'),
    hiddenAt: text('hidden_at'),
    /** The `expires_at` the "still for sale?" e-mail was sent for, so it goes once per expiry. */
    noticeSentFor: text('notice_sent_for'),
    created: text('created').notNull().default(now),
    modified: text('modified').notNull().default(now),
  },
  (t) => [index('listings_created_idx').on(t.created, t.id), index('listings_seller_idx').on(t.sellerId), index('listings_expires_idx').on(t.expiresAt)],
);

/** Replies sent through the site (the e-mail itself is in the outbox), kept for the senders' limit. */
export const listingMessages = sqliteTable(
  'listing_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    listingId: integer('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    /** The member who wrote, or null for a visitor. */
    senderId: integer('sender_id').references(() => members.id, { onDelete: 'set null' }),
    /** The sender's address key, for the limit. */
    ip: text('ip').notNull().default(''),
    outboxId: integer('outbox_id').references(() => outbox.id, { onDelete: 'set null' }),
    created: text('created').notNull().default(now),
  },
  (t) => [index('listing_messages_ip_idx').on(t.ip, t.created)],
);
