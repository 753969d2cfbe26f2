import { count } from 'drizzle-orm';
import type { Permission } from '@club/contracts';
import type { Db } from '../db/client.ts';
import { members } from '../db/schema/index.ts';
import { hashPassword } from '../features/account/credentials.ts';
import { addHashedAccount, upsertHashedAccount } from '../features/account/service.ts';
import { makeDemoBlogPictures, seedDemoBlog } from './blog.ts';
import { makeDemoListingPictures, seedDemoClassifieds } from './classifieds.ts';
import type { DemoContext, DemoFileMaker, DemoSeeder } from './context.ts';
import { makeDemoEventPictures, seedDemoEvents, seedDemoTour } from './events.ts';
import { makeDemoForumPictures, seedDemoForum } from './forum.ts';
import { makeDemoCarPictures, seedDemoGarage } from './garage.ts';
import { makeDemoHistoryPictures, seedDemoHistory } from './history.ts';
import { seedDemoLinks } from './links.ts';
import { makeDemoMemberPhotos, seedDemoMemberPhotos } from './member-photos.ts';
import { seedDemoMembers } from './members.ts';
import { makeDemoNewsletters, seedDemoNewsletters } from './newsletters.ts';
import { seedDemoRoutes } from './routes.ts';

export type DemoAccount = { role: string; email: string; password: string; permissions: Permission[] };

/** A couple who share one address, each a member with their own password (issue 26). */
const HOUSEHOLD_EMAIL = 'smiths@example.org';

/** One account per role, printed at start so a visitor can try each. Fictional people. */
export const DEMO_ACCOUNTS: (DemoAccount & { firstName: string; lastName: string })[] = [
  { role: 'administrator', email: 'admin@example.org', password: 'demo-admin-1', permissions: ['admin'], firstName: 'Margaret', lastName: 'Holloway' },
  { role: 'member (no edit rights)', email: 'member@example.org', password: 'demo-member-1', permissions: [], firstName: 'Walter', lastName: 'Pruitt' },
  { role: 'history editor', email: 'historian@example.org', password: 'demo-history-1', permissions: ['history'], firstName: 'Eleanor', lastName: 'Vance' },
  { role: 'events editor', email: 'events@example.org', password: 'demo-events-1', permissions: ['event'], firstName: 'Harold', lastName: 'Brinkman' },
  { role: 'photos editor', email: 'photos@example.org', password: 'demo-photos-1', permissions: ['blog'], firstName: 'Dorothy', lastName: 'Kessler' },
  {
    role: 'membership secretary',
    email: 'secretary@example.org',
    password: 'demo-secretary-1',
    permissions: ['member'],
    firstName: 'Frank',
    lastName: 'Albers',
  },
  {
    role: 'forum moderator',
    email: 'moderator@example.org',
    password: 'demo-moderator-1',
    permissions: ['moderator'],
    firstName: 'Ruth',
    lastName: 'Delacroix',
  },
  { role: 'forum poster', email: 'poster@example.org', password: 'demo-poster-1', permissions: ['forum'], firstName: 'George', lastName: 'Whitfield' },
  { role: 'household, one of two sharing an address', email: HOUSEHOLD_EMAIL, password: 'demo-john-1', permissions: [], firstName: 'John', lastName: 'Smith' },
  { role: 'household, the other of two', email: HOUSEHOLD_EMAIL, password: 'demo-mary-1', permissions: [], firstName: 'Mary', lastName: 'Smith' },
];

/** Each area adds its demo content here; they run in order inside one transaction. */
const SEEDERS: DemoSeeder[] = [
  seedDemoMembers,
  seedDemoLinks,
  seedDemoMemberPhotos,
  seedDemoGarage,
  seedDemoHistory,
  seedDemoEvents,
  seedDemoRoutes,
  seedDemoNewsletters,
  seedDemoBlog,
  seedDemoForum,
  seedDemoClassifieds,
  // Last, so the rows before it keep their ids (the browser journeys name demo events by id).
  seedDemoTour,
];

const FILE_MAKERS: DemoFileMaker[] = [
  makeDemoMemberPhotos,
  makeDemoHistoryPictures,
  makeDemoEventPictures,
  makeDemoNewsletters,
  makeDemoBlogPictures,
  makeDemoForumPictures,
  makeDemoCarPictures,
  makeDemoListingPictures,
];

/** Fills an empty database with a believable club. Returns the accounts, or undefined if not empty. */
export async function seedDemoData(db: Db, context: DemoContext): Promise<DemoAccount[] | undefined> {
  const existing = db.select({ n: count() }).from(members).get()?.n ?? 0;
  if (existing > 0) return undefined;
  const makeFiles = async () => {
    // In order: the cars and listings copy the blog's pictures.
    for (const make of FILE_MAKERS) await make(context);
  };
  // The passwords hash on libuv's threads side by side and while the files are made (bcrypt at
  // cost 12 is about 0.2 s each: one after another, they took half the time of a demo start).
  const [passwordHashes] = await Promise.all([Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.password))), makeFiles()]);
  for (const [index, account] of DEMO_ACCOUNTS.entries()) {
    // The second of a household is a new member at an address already taken, not that member again.
    const write = account.email === HOUSEHOLD_EMAIL ? addHashedAccount : upsertHashedAccount;
    write(db, {
      email: account.email,
      passwordHash: passwordHashes[index] ?? null,
      firstName: account.firstName,
      lastName: account.lastName,
      permissions: account.permissions,
      extra: { city: 'Kirkwood', state: 'MO', cars: ['1930 Model A Tudor Sedan'] },
    });
  }
  db.transaction(() => {
    for (const seed of SEEDERS) seed(db, context);
  });
  return DEMO_ACCOUNTS.map(({ role, email, password, permissions }) => ({ role, email, password, permissions }));
}
