import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { members } from './members.ts';
import { now } from './columns.ts';

const memberRef = () =>
  integer('member_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' });

/** A login. Only the SHA-256 of the token is stored, so a leaked database opens no session. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tokenHash: text('token_hash').notNull(),
    memberId: memberRef(),
    created: text('created').notNull().default(now),
    lastSeen: text('last_seen').notNull().default(now),
    expires: text('expires').notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_member_idx').on(t.memberId)],
);

export const passwordResets = sqliteTable(
  'password_resets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tokenHash: text('token_hash').notNull(),
    memberId: memberRef(),
    /** 'password': a reset or an invitation (sets a password); 'signin': an e-mailed sign-in link (opens a session). */
    purpose: text('purpose', { enum: ['password', 'signin'] })
      .notNull()
      .default('password'),
    created: text('created').notNull().default(now),
    expires: text('expires').notNull(),
    used: text('used'),
  },
  // Not unique: a link for an address several members share is one row per member, one token (the
  // page asks who). All of a token's rows are spent together.
  (t) => [index('password_resets_token_hash_idx').on(t.tokenHash)],
);

export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    memberId: memberRef(),
    endpoint: text('endpoint').notNull(),
    /** The browser's PushSubscription JSON (endpoint and keys). */
    subscription: text('subscription').notNull(),
    created: text('created').notNull().default(now),
    refreshed: text('refreshed').notNull().default(now),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint)],
);

/** Browsers' error reports; identical ones fold into one row with a count, old ones are pruned. */
export const errorReports = sqliteTable(
  'error_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    url: text('url').notNull().default(''),
    stack: text('stack').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    created: text('created').notNull().default(now),
    /** How many identical reports arrived; the last one at `lastSeen` (set on every write). */
    count: integer('count').notNull().default(1),
    lastSeen: text('last_seen').notNull().default(''),
  },
  (t) => [index('error_reports_last_seen_idx').on(t.lastSeen)],
);
