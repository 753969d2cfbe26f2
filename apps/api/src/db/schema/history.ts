import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const presidents = sqliteTable('presidents', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  year: integer('year').notNull(),
  name: text('name').notNull(),
});

export const shaftAwardWinners = sqliteTable('shaft_award_winners', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  year: integer('year').notNull(),
  name: text('name').notNull(),
  imagePath: text('image_path').notNull().default(''),
});

export const startupParties = sqliteTable('startup_parties', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().default(''),
  owner: text('owner').notNull().default(''),
  model: text('model').notNull().default(''),
  idleYears: integer('idle_years'),
  /** YYYY-MM-DD */
  dateStarted: text('date_started'),
  extra: text('extra').notNull().default(''),
});

/** One board year: its background image and its posts. */
export const boardYears = sqliteTable('board_years', {
  year: integer('year').primaryKey(),
  imagePath: text('image_path').notNull().default(''),
});

export const boardSeats = sqliteTable('board_seats', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  year: integer('year')
    .notNull()
    .references(() => boardYears.year, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  post: text('post').notNull(),
  memberName: text('member_name').notNull(),
});

/** The Idea box: a single row (id 1). */
export const ideas = sqliteTable('ideas', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  author: text('author').notNull().default(''),
});
