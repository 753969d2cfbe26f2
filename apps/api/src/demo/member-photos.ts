import fs from 'node:fs';
import path from 'node:path';
import { asc, eq, like } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { members } from '../db/schema/index.ts';
import { loadSharp } from '../services/images.ts';
import type { DemoContext } from './context.ts';

const FOLDER = 'members';
const PORTRAIT_COUNT = 14;
const SIZE = 600;

/** Backdrop and clothing tones of old studio portraits, so the demo list does not look like a test pattern. */
const PALETTES: [backdrop: string, backdropEdge: string, coat: string, skin: string, hair: string][] = [
  ['#d9c7a7', '#a38c66', '#3b3f4a', '#e0b795', '#4a3526'],
  ['#c9d3d8', '#8296a0', '#5a3e2b', '#d9a77f', '#2b2118'],
  ['#e3d5c0', '#b29a76', '#2f4a3a', '#f0c9a6', '#8a6a48'],
  ['#cfc3d6', '#8e7d99', '#44334f', '#c68e68', '#1f1a17'],
  ['#d6d0b8', '#9c9472', '#6b2f2f', '#e8bf9c', '#b9b1a6'],
  ['#bfcfc4', '#7b9484', '#2c3350', '#b88462', '#3d2a1e'],
  ['#e6d2c4', '#b58f78', '#394a5e', '#f2d0b4', '#c7c1b8'],
];

const portraitFile = (n: number) => `demo-portrait-${n}.jpg`;

function portraitSvg(n: number): string {
  const [backdrop, edge, coat, skin, hair] = PALETTES[n % PALETTES.length] as (typeof PALETTES)[number];
  const hasCap = n % 3 === 0;
  const hasLongHair = n % 4 === 1;
  const headX = 300 + ((n * 17) % 30) - 15;
  const hairShape = hasLongHair
    ? `<path d="M${headX - 92} 250 Q${headX - 100} 120 ${headX} 118 Q${headX + 100} 120 ${headX + 92} 250 L${headX + 96} 340 Q${headX} 300 ${headX - 96} 340 Z" fill="${hair}"/>`
    : `<path d="M${headX - 84} 250 Q${headX - 94} 126 ${headX} 124 Q${headX + 94} 126 ${headX + 84} 250 Q${headX + 72} 176 ${headX} 170 Q${headX - 72} 176 ${headX - 84} 250 Z" fill="${hair}"/>`;
  const cap = hasCap
    ? `<path d="M${headX - 90} 200 Q${headX - 70} 115 ${headX + 10} 118 Q${headX + 90} 122 ${headX + 92} 196 L${headX + 130} 210 Q${headX + 40} 192 ${headX - 90} 200 Z" fill="${coat}" opacity="0.9"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs>
    <radialGradient id="bg" cx="50%" cy="40%" r="70%">
      <stop offset="0%" stop-color="${backdrop}"/>
      <stop offset="100%" stop-color="${edge}"/>
    </radialGradient>
  </defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
  ${hasLongHair ? hairShape : ''}
  <path d="M${headX - 230} ${SIZE} Q${headX - 220} 430 ${headX} 410 Q${headX + 220} 430 ${headX + 230} ${SIZE} Z" fill="${coat}"/>
  <rect x="${headX - 38}" y="320" width="76" height="100" rx="30" fill="${skin}"/>
  <path d="M${headX - 40} 420 L${headX} 470 L${headX + 40} 420 Z" fill="#f4f1ea"/>
  <ellipse cx="${headX}" cy="245" rx="82" ry="104" fill="${skin}"/>
  ${hasLongHair ? '' : hairShape}
  ${cap}
</svg>`;
}

/** Renders studio-style silhouette portraits as real JPEGs, as a member's uploaded photo would be stored. */
export async function makeDemoMemberPhotos({ uploadsDir }: DemoContext): Promise<void> {
  const sharp = await loadSharp();
  const dir = path.join(uploadsDir, FOLDER);
  fs.mkdirSync(dir, { recursive: true });
  for (let n = 0; n < PORTRAIT_COUNT; n += 1) {
    const jpeg = await sharp(Buffer.from(portraitSvg(n)))
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    fs.writeFileSync(path.join(dir, portraitFile(n)), jpeg);
  }
}

/** Gives some members a photo, as only some ever send one in; the rest show their initials. */
export function seedDemoMemberPhotos(db: Db): void {
  const withPhoto = [
    ...['admin@example.org', 'secretary@example.org', 'historian@example.org', 'events@example.org'].map((email) =>
      db.select({ id: members.id }).from(members).where(eq(members.email, email)).get(),
    ),
    ...db
      .select({ id: members.id })
      .from(members)
      .where(like(members.email, '%@example.net'))
      .orderBy(asc(members.id))
      .all()
      .filter((_row, index) => index % 13 === 4),
  ].filter((row) => row !== undefined);
  withPhoto.slice(0, PORTRAIT_COUNT).forEach((row, n) => {
    db.update(members)
      .set({ imagePath: `/uploads/${FOLDER}/${portraitFile(n)}` })
      .where(eq(members.id, row.id))
      .run();
  });
}
