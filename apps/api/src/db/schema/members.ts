import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { now, emptyJsonArray } from './columns.ts';

export const members = sqliteTable(
  'members',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    displayName: text('display_name').notNull().default(''),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** No longer used: a member's cars live in the registry (`cars`), which migration 0008 filled from this. */
    cars: text('cars', { mode: 'json' }).$type<string[]>().notNull().default(emptyJsonArray),
    imagePath: text('image_path').notNull().default(''),
    /**
     * Stored lower-case; logins compare case-insensitively. Not unique: a household may share one
     * address, each person a member of their own (services/households.ts groups them for mail).
     */
    email: text('email').notNull(),
    emailNotifications: integer('email_notifications', { mode: 'boolean' }).notNull().default(true),
    /** The weekly digest e-mail (it also needs emailNotifications on); turned off on its own from the Account page or the digest's link. */
    weeklyDigest: integer('weekly_digest', { mode: 'boolean' }).notNull().default(true),
    /** Null until the member sets a password through an e-mailed link. */
    passwordHash: text('password_hash'),
    created: text('created').notNull().default(now),
    modified: text('modified').notNull().default(now),
  },
  (t) => [index('members_email_idx').on(t.email)],
);

export const memberPermissions = sqliteTable(
  'member_permissions',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.permission] })],
);
