import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const linkGroups = sqliteTable('link_groups', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

export const links = sqliteTable('links', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  groupId: integer('group_id')
    .notNull()
    .references(() => linkGroups.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  label: text('label').notNull(),
  position: integer('position').notNull().default(0),
});
