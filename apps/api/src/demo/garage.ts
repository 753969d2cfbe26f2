import fs from 'node:fs';
import path from 'node:path';
import { asc, ne } from 'drizzle-orm';
import type { CarVisibility } from '@club/contracts';
import type { Db } from '../db/client.ts';
import { bodyStyles, carOwners, cars, members } from '../db/schema/index.ts';
import { memberLineOf, parseCarLine } from '../features/garage/car-line.ts';
import type { DemoContext } from './context.ts';

const FOLDER = 'cars';
/** How many different drawings the cars share. */
const SCENES = 6;
/** The cars that get photos, colours and stories: a believable few dozen. */
const DETAILED = 36;

const COLOURS = [
  'Brewster Green',
  'Niagara Blue',
  'Copra Drab',
  'Black',
  'Gun Metal Blue',
  'Rose Beige',
  'Thorne Brown',
  'Balsam Green',
  'Andalusite Blue',
  'Chicle Drab',
  'Dawn Grey',
  'Vermilion',
];

const STORIES = [
  'Found in a hay barn outside Hermann in 1987 with a tree growing through the running board. Seven winters of evenings later it drove to its first club tour.',
  'Bought new by my grandfather at the Ford dealer in Kirkwood; it has never left the family and still has his 1946 inspection sticker on the windshield.',
  'A frame-off restoration finished in 2019. The engine was rebuilt by the club’s own tech committee over three Saturday work sessions.',
  'Came home from an estate sale in Illinois in boxes. The body was solid; the wiring was not. Everything is now original-pattern cloth-covered wire.',
  'Our touring car: 40,000 miles on club tours since 1998, including two trips to the national meet. Never been on a trailer.',
  'A driver, not a show car. The paint is the second coat it ever had, applied in 1952, and the children learned to drive in it on the farm lane.',
];

const EARLIER_OWNERS: { owner: string; from: number | null; to: number | null }[][] = [
  [
    { owner: 'Emil Hartmann', from: 1929, to: 1958 },
    { owner: 'Hartmann family', from: 1958, to: 1987 },
  ],
  [{ owner: 'A farmer near Cuba, Missouri', from: null, to: 1974 }],
  [
    { owner: 'Dr. R. L. Whitcomb', from: 1930, to: 1941 },
    { owner: 'Lloyd Whitcomb', from: 1941, to: 1995 },
  ],
];

const pictureName = (car: number, picture: number) => `demo-car-${car}-${picture}`;
const photoCountOf = (n: number) => (n % 6 === 5 ? 0 : 1 + (n % 3));

/**
 * The cars' photos are copies of the demo photo posts' drawings (made just before, with their
 * renditions), so a fresh start draws nothing more; each car gets its own files, as a car's
 * files go with it.
 */
export async function makeDemoCarPictures({ uploadsDir }: DemoContext): Promise<void> {
  const blogDir = path.join(uploadsDir, 'blog');
  const dir = path.join(uploadsDir, FOLDER);
  fs.mkdirSync(dir, { recursive: true });
  const blogFiles = fs.existsSync(blogDir) ? fs.readdirSync(blogDir) : [];
  const stems = [...new Set(blogFiles.flatMap((file) => /^(demo-post-\d+-\d+)_/.exec(file)?.[1] ?? []))].slice(0, SCENES);
  if (stems.length === 0) return;
  let drawn = 0;
  for (let car = 0; car < DETAILED; car += 1) {
    for (let picture = 0; picture < photoCountOf(car); picture += 1) {
      const source = stems[drawn % stems.length] as string;
      drawn += 1;
      for (const file of blogFiles.filter((f) => f.startsWith(`${source}_`))) {
        await fs.promises.copyFile(path.join(blogDir, file), path.join(dir, `${pictureName(car, picture)}${file.slice(source.length)}`));
      }
    }
  }
}

/** The URL a demo car's picture got once its size went into its name. */
function storedUrl(files: string[], car: number, picture: number): string {
  const name = files.find((file) => file.startsWith(`${pictureName(car, picture)}_`) && /^[^.]+\.jpg$/.test(file));
  return name ? `/uploads/${FOLDER}/${name}` : '';
}

/**
 * The demo members' cars, written as lines of text like the old member records, become
 * registry entries by the migration's rule; the last few dozen written get photos, colours,
 * engine numbers, stories, a privacy of their owner's choosing and some an ownership history:
 * the registry lists the newest first, so its first page shows cars with photos.
 */
export function seedDemoGarage(db: Db, { uploadsDir }: DemoContext): void {
  const dir = path.join(uploadsDir, FOLDER);
  const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  const styles = db
    .select({ name: bodyStyles.name })
    .from(bodyStyles)
    .all()
    .map((row) => row.name);
  const owners = db.select({ id: members.id, cars: members.cars }).from(members).where(ne(members.cars, [])).orderBy(asc(members.id)).all();
  const visibilities: CarVisibility[] = ['public-named', 'public', 'members'];
  const firstDetailed = owners.reduce((sum, owner) => sum + owner.cars.length, 0) - DETAILED;
  let written = 0;
  for (const owner of owners) {
    for (const line of owner.cars) {
      const parsed = parseCarLine(line, styles);
      // n counts the detailed cars (0 to DETAILED - 1), as their pictures were made.
      const n = written - firstDetailed;
      const isDetailed = n >= 0;
      const photos = isDetailed ? Array.from({ length: photoCountOf(n) }, (_, p) => storedUrl(files, n, p)).filter(Boolean) : [];
      const id = db
        .insert(cars)
        .values({
          ownerId: owner.id,
          ...parsed,
          // As an upgraded club's cars: members.get says them as the member wrote them.
          legacyLine: memberLineOf(line, parsed),
          colour: isDetailed ? (COLOURS[n % COLOURS.length] as string) : '',
          story: isDetailed && n % 2 === 0 ? (STORIES[(n / 2) % STORIES.length] as string) : '',
          engineNumber: isDetailed ? `A${String(1_000_000 + ((n * 48_271) % 4_000_000))}` : '',
          visibility: isDetailed ? (visibilities[n % 3] as CarVisibility) : 'members',
          photos,
        })
        .returning({ id: cars.id })
        .get().id;
      if (isDetailed && n % 4 === 1) {
        (EARLIER_OWNERS[n % EARLIER_OWNERS.length] ?? []).forEach((row, position) => {
          db.insert(carOwners).values({ carId: id, position, owner: row.owner, fromYear: row.from, toYear: row.to }).run();
        });
      }
      written += 1;
    }
  }
  // The registry is the one home of a member's cars now.
  db.update(members).set({ cars: [] }).run();
}
