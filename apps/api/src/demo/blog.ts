import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { blogPosts, members, type StoredBlogEntry } from '../db/schema/index.ts';
import { createImageService, loadSharp } from '../services/images.ts';
import type { DemoContext } from './context.ts';

const FOLDER = 'blog';
const WIDTH = 1200;
const HEIGHT = 800;

type Scene = { sky: [string, string]; ground: string; body: string; fender: string; sun: boolean; hills: string };

/** Light and paint of club outings: spring greens, autumn browns, dusk, overcast. */
const SCENES: Scene[] = [
  { sky: ['#9ec9e8', '#e8f2f7'], ground: '#6f8f4e', body: '#1f2a44', fender: '#111111', sun: true, hills: '#56733d' },
  { sky: ['#f3c58f', '#f7e6c4'], ground: '#8a6b3c', body: '#7a1f24', fender: '#1a1a1a', sun: true, hills: '#6d5230' },
  { sky: ['#b7c2c9', '#dfe4e6'], ground: '#5f6e5a', body: '#2e4a36', fender: '#141414', sun: false, hills: '#4c5a47' },
  { sky: ['#6b7fa8', '#e9b98f'], ground: '#4b4a3a', body: '#c9b27a', fender: '#2a2a2a', sun: true, hills: '#3c3b2e' },
  { sky: ['#a9d3f0', '#f2f7f9'], ground: '#7f9a55', body: '#0f0f12', fender: '#0f0f12', sun: false, hills: '#667f42' },
  { sky: ['#d9a79a', '#f4dccf'], ground: '#9a8661', body: '#3f5f7f', fender: '#161616', sun: true, hills: '#7c6a4a' },
];

/** A Model A-style car in a landscape, drawn as SVG so the demo ships no photographs (the benchmark uses it too). */
export function sceneSvg(n: number): string {
  const scene = SCENES[n % SCENES.length] as Scene;
  const carX = 260 + ((n * 97) % 420);
  const isPickup = n % 4 === 2;
  const cabin = isPickup
    ? `<rect x="${carX + 40}" y="420" width="150" height="110" rx="10" fill="${scene.body}"/><rect x="${carX + 190}" y="470" width="230" height="60" fill="${scene.body}"/>`
    : `<path d="M${carX + 30} 530 L${carX + 50} 420 Q${carX + 60} 405 ${carX + 80} 405 L${carX + 300} 405 Q${carX + 320} 405 ${carX + 325} 420 L${carX + 345} 530 Z" fill="${scene.body}"/>
       <rect x="${carX + 75}" y="425" width="105" height="60" rx="6" fill="#cfd8dc" opacity="0.85"/>
       <rect x="${carX + 195}" y="425" width="105" height="60" rx="6" fill="#cfd8dc" opacity="0.85"/>`;
  const wheel = (x: number) =>
    `<circle cx="${x}" cy="585" r="62" fill="#151515"/><circle cx="${x}" cy="585" r="36" fill="#b8b2a4"/><circle cx="${x}" cy="585" r="10" fill="#333"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0%" stop-color="${scene.sky[0]}"/><stop offset="100%" stop-color="${scene.sky[1]}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  ${scene.sun ? `<circle cx="${950 - ((n * 53) % 500)}" cy="150" r="60" fill="#fff4d6" opacity="0.9"/>` : ''}
  <path d="M0 480 Q${200 + ((n * 41) % 200)} ${380 + ((n * 13) % 60)} 500 450 T1200 430 L1200 800 L0 800 Z" fill="${scene.hills}"/>
  <rect y="560" width="${WIDTH}" height="240" fill="${scene.ground}"/>
  <path d="M0 650 L1200 620 L1200 700 L0 740 Z" fill="#8d877a" opacity="0.8"/>
  ${cabin}
  <rect x="${carX - 20}" y="510" width="${isPickup ? 460 : 420}" height="60" rx="14" fill="${scene.body}"/>
  <rect x="${carX - 70}" y="500" width="70" height="55" rx="8" fill="${scene.fender}"/>
  <circle cx="${carX - 40}" cy="505" r="16" fill="#f3ead2"/>
  <path d="M${carX - 60} 585 Q${carX + 20} 500 ${carX + 110} 585 Z" fill="${scene.fender}"/>
  <path d="M${carX + 250} 585 Q${carX + 330} 500 ${carX + 420} 585 Z" fill="${scene.fender}"/>
  ${wheel(carX + 25)}${wheel(carX + 335)}
</svg>`;
}

type DemoPost = { title: string; date: string; text: string; pictures: number; video?: string };

/** A year of outings, as the photo editor would post them; the newest is first on /blog. */
const POSTS: DemoPost[] = [
  {
    title: 'Spring tour to Hermann',
    date: '2026-04-18',
    pictures: 2,
    text: 'Fourteen cars met at the church lot at 8:30 and took the river road west.\n\nLunch at the old mill, then a slow climb through the vineyards. Not one breakdown all day.',
  },
  {
    title: 'Garage day at the Pruitts',
    date: '2026-03-21',
    pictures: 1,
    text: 'Walter opened his shop for a Saturday of brake relining and a lot of coffee.\n\nThe parts list he used is at https://example.org/model-a-brakes if you want to try it.',
  },
  {
    title: 'Ice cream run',
    date: '2026-02-28',
    pictures: 1,
    video: 'aqz-KE-bpKQ',
    text: 'A mild February afternoon was too good to waste. Here is the short film Harold took from the rumble seat.',
  },
  {
    title: 'Holiday party',
    date: '2025-12-13',
    pictures: 1,
    text: 'Thank you to everyone who brought a dish. The raffle raised enough for two new club tool kits.',
  },
  { title: 'Fall colors drive', date: '2025-10-25', pictures: 2, text: 'Twenty-one cars on the Great River Road, the best turnout in years.' },
  {
    title: 'Swap meet finds',
    date: '2025-09-13',
    pictures: 1,
    text: 'Headlamp rims, a set of running boards and one very tired carburetor came home with members this year.',
  },
  {
    title: 'County fair parade',
    date: '2025-08-09',
    pictures: 1,
    text: 'Nine club cars led the fair parade. The children on the hay wagon behind us waved the whole way.',
  },
  { title: 'Fourth of July picnic', date: '2025-07-04', pictures: 1, text: 'Flags on the radiator caps and fried chicken in the park.' },
  {
    title: 'Tudor back on the road',
    date: '2025-06-14',
    pictures: 1,
    text: 'After eleven idle years, Frank’s 1930 Tudor started on the third crank.\n\nHe says the next job is the upholstery.',
  },
  {
    title: 'Driving school',
    date: '2025-05-17',
    pictures: 1,
    text: 'Six new drivers learned the spark and throttle levers on the church lot. Nobody stalled on the hill. Almost nobody.',
  },
  { title: 'Spring tune-up clinic', date: '2025-04-12', pictures: 1, text: 'Points, plugs and timing on four cars before the touring season.' },
  {
    title: 'Winter storage tips',
    date: '2025-01-18',
    pictures: 1,
    text: 'Fill the tank, disconnect the battery and keep the mice out. The full checklist is in the February Valley News.',
  },
];

const pictureName = (post: number, picture: number) => `demo-post-${post}-${picture}`;

/** Different drawings; the posts share them, so that a fresh start stays quick. */
const SCENE_COUNT = SCENES.length;

/**
 * Draws each scene once and stores it as an upload would be, with its smaller copies; each
 * post then gets its own copy of the files (a post's files are deleted with it).
 */
export async function makeDemoBlogPictures({ uploadsDir }: DemoContext): Promise<void> {
  const images = createImageService({ uploadsDir });
  const dir = path.join(uploadsDir, FOLDER);
  fs.mkdirSync(dir, { recursive: true });
  const pictures = POSTS.flatMap((post, p) => Array.from({ length: post.pictures }, (_, n) => pictureName(p, n)));
  const sceneNames = pictures.slice(0, SCENE_COUNT);
  const sharp = await loadSharp();
  // Side by side: sharp works on its own threads, and the demo is made at every fresh start.
  await Promise.all(
    sceneNames.map(async (name, scene) => {
      const jpeg = await sharp(Buffer.from(sceneSvg(scene)))
        .jpeg({ quality: 82 })
        .toBuffer();
      fs.writeFileSync(path.join(dir, `${name}.jpg`), jpeg);
      await images.addRenditions(`/uploads/${FOLDER}/${name}.jpg`);
    }),
  );
  const stored = fs.readdirSync(dir);
  pictures.slice(SCENE_COUNT).forEach((name, n) => {
    const source = sceneNames[n % SCENE_COUNT] as string;
    for (const file of stored.filter((f) => f.startsWith(`${source}_`))) {
      fs.copyFileSync(path.join(dir, file), path.join(dir, `${name}${file.slice(source.length)}`));
    }
  });
}

/** The URL a demo picture got once its size went into its name. */
function storedUrl(files: string[], post: number, picture: number): string {
  const name = files.find((file) => file.startsWith(`${pictureName(post, picture)}_`) && /^[^.]+\.jpg$/.test(file));
  return name ? `/uploads/${FOLDER}/${name}` : '';
}

/** Twelve posts with generated pictures and one video, by the demo photo editor. */
export function seedDemoBlog(db: Db, { uploadsDir }: DemoContext): void {
  const dir = path.join(uploadsDir, FOLDER);
  const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  const editor = db.select({ id: members.id }).from(members).where(eq(members.email, 'photos@example.org')).get();
  [...POSTS].reverse().forEach((post, reversed) => {
    const p = POSTS.length - 1 - reversed;
    const pictures = Array.from({ length: post.pictures }, (_, n) => storedUrl(files, p, n)).filter(Boolean);
    const htmlData: StoredBlogEntry[] = [{ h: post.text }, ...(pictures.length ? [{ s: pictures }] : []), ...(post.video ? [{ y: post.video }] : [])];
    db.insert(blogPosts)
      .values({ title: post.title, date: post.date, htmlData, modifiedKey: Date.parse(`${post.date}T12:00:00Z`), createdBy: editor?.id ?? null })
      .run();
  });
}
