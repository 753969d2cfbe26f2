import fs from 'node:fs';
import path from 'node:path';
import { seedDemoData } from '../src/demo/index.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The files of a DATA_DIR with the demo seeded (database, pictures, newsletters), by path in the
 * folder: made once per test worker and held in memory, as seedDemoData draws the pictures,
 * writes the newsletter PDFs and hashes ten passwords at bcrypt cost 12 (about 4 CPU s), and the
 * demo's tests each use a copy.
 */
let demoFiles: Promise<ReadonlyMap<string, Buffer>> | undefined;

async function seedDemoFiles(): Promise<ReadonlyMap<string, Buffer>> {
  const t = createTestApp();
  try {
    await seedDemoData(t.db, { uploadsDir: t.config.uploadsDir, dataDir: t.config.dataDir });
    // Closed first, so that its write-ahead log is in the database file.
    t.db.$client.close();
    const files = new Map<string, Buffer>();
    for (const entry of fs.readdirSync(t.dataDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      files.set(path.relative(t.dataDir, file), fs.readFileSync(file));
    }
    return files;
  } finally {
    fs.rmSync(t.dataDir, { recursive: true, force: true });
  }
}

/** The real app on its own copy of the demo club, as a start with DEMO_DATA=1 fills an empty one. */
export async function createDemoTestApp(): Promise<TestApp> {
  demoFiles ??= seedDemoFiles();
  return createTestApp({}, {}, { files: await demoFiles });
}
