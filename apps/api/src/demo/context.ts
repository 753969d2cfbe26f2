import type { Db } from '../db/client.ts';

/** Where demo files go, so that rows can point at them: public uploads, and DATA_DIR for members-only files. */
export type DemoContext = { uploadsDir: string; dataDir: string };

export type DemoSeeder = (db: Db, context: DemoContext) => void;

/** Makes files that demo rows point at; they run before the rows, as sharp is asynchronous. */
export type DemoFileMaker = (context: DemoContext) => Promise<void>;
