import type { Db } from './client.ts';

/**
 * A function that names the database's state: it changes after any write, by this process
 * (SQLite's `total_changes()` on this connection: calls, jobs, services) or by another one
 * (`PRAGMA data_version`: the CLI). What is derived from the data (the reply cache, the member
 * directory's index) is kept while the stamp stays the same.
 */
export function changeStampOf(db: Db): () => string {
  const dataVersion = db.$client.prepare('PRAGMA data_version').pluck();
  const totalChanges = db.$client.prepare('SELECT total_changes()').pluck();
  return () => `${String(dataVersion.get())}:${String(totalChanges.get())}`;
}
