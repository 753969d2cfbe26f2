import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { forumPosts, forumThreads, members } from '../db/schema/index.ts';
import { loadSharp } from '../services/images.ts';
import type { DemoContext } from './context.ts';

const FOLDER = 'forum';
const PICTURES = ['demo-distributor-cap.jpg', 'demo-distributor-body.jpg', 'demo-radiator-shell.jpg'];

/** A plain shop-bench picture: a round part on a workbench, in the colours of each file. */
function benchSvg(n: number): string {
  const [bench, part, accent] = (
    [
      ['#8a6a48', '#2b2b2b', '#b5651d'],
      ['#7d6a55', '#4a4a4a', '#c0a060'],
      ['#6f5a44', '#9aa3a8', '#3b3f4a'],
    ] as const
  )[n % 3] ?? ['#8a6a48', '#2b2b2b', '#b5651d'];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <rect width="1200" height="800" fill="#d9cdb8"/>
  <rect y="480" width="1200" height="320" fill="${bench}"/>
  <ellipse cx="600" cy="520" rx="${260 - n * 30}" ry="70" fill="#00000033"/>
  <circle cx="600" cy="400" r="${220 - n * 30}" fill="${part}"/>
  <circle cx="600" cy="400" r="${80 - n * 10}" fill="${accent}"/>
  ${Array.from({ length: 5 }, (_, k) => `<circle cx="${600 + Math.cos((k * 2 * Math.PI) / 5) * (150 - n * 20)}" cy="${400 + Math.sin((k * 2 * Math.PI) / 5) * (150 - n * 20)}" r="16" fill="${accent}"/>`).join('')}
</svg>`;
}

export async function makeDemoForumPictures({ uploadsDir }: DemoContext): Promise<void> {
  const sharp = await loadSharp();
  const dir = path.join(uploadsDir, FOLDER);
  fs.mkdirSync(dir, { recursive: true });
  for (const [n, name] of PICTURES.entries()) {
    const jpeg = await sharp(Buffer.from(benchSvg(n)))
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    fs.writeFileSync(path.join(dir, name), jpeg);
  }
}

const daysAgo = (days: number, hour: number) => {
  const date = new Date(Date.now() - days * 86_400_000);
  date.setUTCHours(hour, (days * 7) % 60, 0, 0);
  // "Today at 8" must not lie in the future when the demo starts early in the morning.
  return new Date(Math.min(date.getTime(), Date.now() - 60_000)).toISOString();
};

type DemoPost = { by: string; content: string; days: number; hour: number; approved?: boolean };
type DemoThread = { by: string; title: string; description: string; days: number; hour: number; images?: string[]; approved?: boolean; posts: DemoPost[] };

/** Authors by e-mail: demo accounts (example.org) and members seeded by seedDemoMembers (example.net). */
const THREADS: DemoThread[] = [
  {
    by: 'poster@example.org',
    title: 'Cracked distributor cap: original or reproduction?',
    description:
      'The cap on my 1929 Tudor has a hairline crack from the centre to the #3 tower.\nIs a reproduction cap good enough, or should I hunt for an original at the swap meets?',
    days: 12,
    hour: 15,
    images: PICTURES.slice(0, 2),
    posts: [
      {
        by: 'moderator@example.org',
        content: 'I ran a reproduction for two seasons without trouble. Check that the rotor clears the towers before you tighten the clips.',
        days: 11,
        hour: 18,
      },
      {
        by: 'admin@example.org',
        content: 'Originals turn up at Hershey every year. The parts catalogue is at https://example.org/model-a-parts if you want the numbers.',
        days: 10,
        hour: 9,
      },
      { by: 'poster@example.org', content: 'Thanks both. Reproduction ordered; I will keep the old one as a pattern.', days: 9, hour: 20 },
    ],
  },
  {
    by: 'moderator@example.org',
    title: 'Setting the ignition timing by ear',
    description:
      'At the last meeting a few of us talked about timing without a light.\nHere is how I do it: retard fully, start, then advance until she runs smooth and back off a hair.',
    days: 6,
    hour: 14,
    posts: [
      { by: 'arthur.abernathy@example.net', content: 'Works on mine too. Just do not forget to retard the spark before cranking by hand!', days: 5, hour: 10 },
      { by: 'poster@example.org', content: 'Good advice. Mine pings on hills if I advance too far.', days: 2, hour: 17 },
      { by: 'arthur.abernathy@example.net', content: 'Try a slightly richer mixture on the hills as well.', days: 1, hour: 11, approved: false },
    ],
  },
  {
    by: 'admin@example.org',
    title: 'Radiator shell re-plating: who do you use?',
    description: 'My radiator shell needs new nickel plating before the spring tour. Recommendations welcome.',
    days: 20,
    hour: 16,
    images: PICTURES.slice(2),
    posts: [{ by: 'moderator@example.org', content: 'The plater in Fenton did a fine job on my headlight rims last year.', days: 19, hour: 12 }],
  },
  {
    by: 'poster@example.org',
    title: 'Wanted: 1930 rear bumper brackets',
    description: 'Looking for a pair of rear bumper brackets for a 1930 Coupe. Will pay a fair price or trade.',
    days: 0,
    hour: 8,
    approved: false,
    posts: [],
  },
];

/** A few threads with replies from several members; one thread and one reply wait for approval. */
export function seedDemoForum(db: Db): void {
  const idOf = (email: string): number | null => db.select({ id: members.id }).from(members).where(eq(members.email, email)).get()?.id ?? null;
  for (const thread of THREADS) {
    const threadId = db
      .insert(forumThreads)
      .values({
        title: thread.title,
        description: thread.description,
        imagePaths: (thread.images ?? []).map((name) => `/uploads/${FOLDER}/${name}`),
        authorId: idOf(thread.by),
        approved: thread.approved ?? true,
        created: daysAgo(thread.days, thread.hour),
      })
      .returning({ id: forumThreads.id })
      .get().id;
    for (const reply of thread.posts) {
      db.insert(forumPosts)
        .values({ threadId, content: reply.content, authorId: idOf(reply.by), approved: reply.approved ?? true, created: daysAgo(reply.days, reply.hour) })
        .run();
    }
  }
}
