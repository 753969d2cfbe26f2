import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { afterAll } from 'vitest';
import { createApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { migrateDatabase, openDatabase, type Db } from '../src/db/client.ts';
import { createLogger } from '../src/logger.ts';
import type { ServiceOptions } from '../src/services/index.ts';
import { createServices, type Services } from '../src/site-services.ts';
import { createMember, type TestMember } from './factories.ts';

export type TestApp = { app: Express; db: Db; config: Config; services: Services; dataDir: string; close: () => void };

/**
 * The real app on a fresh SQLite file in a temp DATA_DIR (or on the files `files` writes there
 * first, by path in the folder). Replies are checked against their contracts.
 */
export function createTestApp(
  env: Record<string, string> = {},
  options: ServiceOptions = {},
  { files }: { files?: ReadonlyMap<string, Buffer> } = {},
): TestApp {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-test-'));
  for (const [name, content] of files ?? []) {
    fs.mkdirSync(path.dirname(path.join(dataDir, name)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, name), content);
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    REMINDER_CRON: 'off',
    BACKUP_CRON: 'off',
    DIGEST_CRON: 'off',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const db = openDatabase(config.databaseFile);
  migrateDatabase(db);
  // As the server does at start.
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  const logger = createLogger(config.logLevel);
  const services = createServices(config, db, logger, options);
  services.search.rebuildIfWanted();
  const app = createApp({ config, db, services, logger });
  return {
    app,
    db,
    config,
    services,
    dataDir,
    close: () => {
      db.$client.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The set-up of a test file that needs one app and one plain member signed in: made when the
 * file is collected, so that tests read both as constants, and closed after its last test.
 */
export function createTestAppWithMember(): { t: TestApp; member: TestMember } {
  const t = createTestApp();
  const member = createMember(t.db);
  afterAll(() => t.close());
  return { t, member };
}
