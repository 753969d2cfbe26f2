import type { Db } from '../db/client.ts';

/** Where demo files (photos) go, so that rows can point at them. */
export type DemoContext = { uploadsDir: string };

export type DemoSeeder = (db: Db, context: DemoContext) => void;

/** Makes files that demo rows point at; they run before the rows, as sharp is asynchronous. */
export type DemoFileMaker = (context: DemoContext) => Promise<void>;
