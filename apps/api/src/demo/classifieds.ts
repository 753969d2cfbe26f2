import fs from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { LISTING_DAYS } from '@club/contracts/plain';
import type { ListingCategory, ListingCondition, ListingKind, ListingVisibility } from '@club/contracts';
import type { Db } from '../db/client.ts';
import { cars, listings, members } from '../db/schema/index.ts';
import type { DemoContext } from './context.ts';

const FOLDER = 'classifieds';
const DAY_MS = 86_400_000;

type DemoListing = {
  kind: ListingKind;
  category: ListingCategory;
  title: string;
  body: string;
  price: number | null;
  isOffers?: boolean;
  condition: ListingCondition;
  city: string;
  visibility: ListingVisibility;
  photos: number;
  /** Days since it was placed. */
  age: number;
  /** Sells the seller's first registry car. */
  isCar?: boolean;
  isSold?: boolean;
};

/** A believable page of the club's classifieds: parts, a car, tools, literature, wanted ads, one sold. */
const DEMO_LISTINGS: DemoListing[] = [
  {
    kind: 'sale',
    category: 'part',
    title: 'Zenith carburetor, rebuilt',
    body: 'Rebuilt last winter with new floats, needle and seat. Fits every 1928-31 Model A.\n\nCan bring it to the monthly meeting.',
    price: 125,
    condition: 'good',
    city: 'Kirkwood',
    visibility: 'public',
    photos: 2,
    age: 2,
  },
  {
    kind: 'wanted',
    category: 'part',
    title: 'Wanted: 1929 radiator shell, nickel',
    body: 'For a Tudor restoration. Dents are fine, rust-through is not.',
    price: null,
    condition: '',
    city: 'Webster Groves',
    visibility: 'members',
    photos: 0,
    age: 5,
  },
  {
    kind: 'sale',
    category: 'car',
    title: '1930 Tudor Sedan, a driver',
    body: 'Runs and drives; a club tour car for 20 years. Second owner. New tires in 2022.\n\nSerious offers only; happy to take a member for a drive.',
    price: 14500,
    isOffers: true,
    condition: 'good',
    city: 'Florissant',
    visibility: 'public',
    photos: 3,
    age: 9,
    isCar: true,
  },
  {
    kind: 'sale',
    category: 'tools',
    title: 'Valve grinder and seat cutters',
    body: 'Black and Decker valve refacer with a set of Model A seat cutters. Works.',
    price: 90,
    condition: 'fair',
    city: 'St. Charles',
    visibility: 'members',
    photos: 1,
    age: 14,
  },
  {
    kind: 'sale',
    category: 'literature',
    title: 'Model A Ford service bulletins, 1928-1931 reprint',
    body: 'The two-volume reprint, clean copies, no notes in the margins.',
    price: 35,
    condition: 'excellent',
    city: 'Kirkwood',
    visibility: 'public',
    photos: 1,
    age: 20,
  },
  {
    kind: 'sale',
    category: 'part',
    title: 'Pair of NOS headlamp lenses',
    body: 'New old stock, still in the Ford boxes.',
    price: 60,
    condition: 'nos',
    city: 'Clayton',
    visibility: 'public',
    photos: 1,
    age: 30,
    isSold: true,
  },
  {
    kind: 'wanted',
    category: 'literature',
    title: 'Wanted: 1931 owner’s manual',
    body: 'An original, any condition, for the glove box of a Victoria.',
    price: null,
    condition: '',
    city: 'Ballwin',
    visibility: 'public',
    photos: 0,
    age: 3,
  },
];

const pictureName = (listing: number, picture: number) => `demo-listing-${listing}-${picture}`;

/** The listings' photos are copies of the demo photo posts' drawings (as the cars' are). */
export async function makeDemoListingPictures({ uploadsDir }: DemoContext): Promise<void> {
  const blogDir = path.join(uploadsDir, 'blog');
  const dir = path.join(uploadsDir, FOLDER);
  fs.mkdirSync(dir, { recursive: true });
  const blogFiles = fs.existsSync(blogDir) ? fs.readdirSync(blogDir) : [];
  const stems = [...new Set(blogFiles.flatMap((file) => /^(demo-post-\d+-\d+)_/.exec(file)?.[1] ?? []))].reverse();
  if (stems.length === 0) return;
  let drawn = 0;
  for (const [n, listing] of DEMO_LISTINGS.entries()) {
    for (let picture = 0; picture < listing.photos; picture += 1) {
      const source = stems[drawn % stems.length] as string;
      drawn += 1;
      for (const file of blogFiles.filter((f) => f.startsWith(`${source}_`))) {
        await fs.promises.copyFile(path.join(blogDir, file), path.join(dir, `${pictureName(n, picture)}${file.slice(source.length)}`));
      }
    }
  }
}

/** A few listings by the demo accounts with the forum right and other members, placed over the last month. */
export function seedDemoClassifieds(db: Db, { uploadsDir }: DemoContext): void {
  const dir = path.join(uploadsDir, FOLDER);
  const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  const url = (n: number, picture: number) => {
    const name = files.find((file) => file.startsWith(`${pictureName(n, picture)}_`) && /^[^.]+\.jpg$/.test(file));
    return name ? `/uploads/${FOLDER}/${name}` : '';
  };
  const poster = db.select({ id: members.id }).from(members).where(eq(members.email, 'poster@example.org')).get();
  const others = db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.enabled, true))
    .orderBy(asc(members.id))
    .limit(40)
    .all()
    .map((row) => row.id)
    .filter((id) => id !== poster?.id);
  const now = Date.now();
  for (const [n, listing] of DEMO_LISTINGS.entries()) {
    const sellerId = n % 3 === 0 && poster ? poster.id : (others[(n * 7) % Math.max(1, others.length)] ?? poster?.id);
    if (sellerId === undefined) return;
    const car = listing.isCar ? db.select({ id: cars.id }).from(cars).where(eq(cars.ownerId, sellerId)).orderBy(asc(cars.id)).get() : undefined;
    const placed = new Date(now - listing.age * DAY_MS);
    db.insert(listings)
      .values({
        sellerId,
        kind: listing.kind,
        category: listing.category,
        title: listing.title,
        body: listing.body,
        priceCents: listing.price === null ? null : listing.price * 100,
        isOffers: listing.isOffers ?? false,
        condition: listing.condition,
        city: listing.city,
        state: 'MO',
        visibility: listing.visibility,
        carId: car?.id ?? null,
        photos: Array.from({ length: listing.photos }, (_, p) => url(n, p)).filter(Boolean),
        expiresAt: new Date(placed.getTime() + LISTING_DAYS * DAY_MS).toISOString(),
        soldAt: listing.isSold ? new Date(now - 4 * DAY_MS).toISOString() : null,
        created: placed.toISOString(),
        modified: placed.toISOString(),
      })
      .run();
  }
}
