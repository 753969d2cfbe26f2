import { and, desc, eq, lt, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { errorReports } from '../../db/schema/index.ts';
import { scrubText, scrubUrl } from '../../logger.ts';
import type { ErrorReport } from './store.ts';

/**
 * error.report is public, so it is bounded: reports per address, characters per field, and the
 * table itself (identical reports fold into one row; rows older than keepDays or beyond maxRows go).
 */
export const ERROR_REPORT_LIMITS = {
  perAddress: 20,
  windowMs: 10 * 60_000,
  messageChars: 1000,
  urlChars: 1000,
  stackChars: 5000,
  userAgentChars: 300,
  keepDays: 30,
  maxRows: 500,
};

const DAY_MS = 86_400_000;

/**
 * Stores a browser's error report with any reset or invitation token taken out (as the logs do),
 * each field capped; an identical report already kept only counts up.
 */
export function recordErrorReport(db: Db, report: ErrorReport, nowMs = Date.now()): void {
  const limits = ERROR_REPORT_LIMITS;
  const message = scrubText(report.message).slice(0, limits.messageChars);
  const url = scrubUrl(report.url).slice(0, limits.urlChars);
  const stack = scrubText(report.stack).slice(0, limits.stackChars);
  const userAgent = report.userAgent.slice(0, limits.userAgentChars);
  const nowIso = new Date(nowMs).toISOString();
  db.transaction((tx) => {
    const same = tx
      .select({ id: errorReports.id, count: errorReports.count })
      .from(errorReports)
      .where(and(eq(errorReports.message, message), eq(errorReports.url, url), eq(errorReports.stack, stack)))
      .get();
    if (same) {
      tx.update(errorReports).set({ count: same.count + 1, lastSeen: nowIso }).where(eq(errorReports.id, same.id)).run();
    } else {
      tx.insert(errorReports).values({ memberId: report.memberId, message, url, stack, userAgent, created: nowIso, lastSeen: nowIso }).run();
    }
    tx.delete(errorReports).where(lt(errorReports.lastSeen, new Date(nowMs - limits.keepDays * DAY_MS).toISOString())).run();
    const kept = tx
      .select({ id: errorReports.id })
      .from(errorReports)
      .orderBy(desc(errorReports.lastSeen), desc(errorReports.id))
      .limit(limits.maxRows);
    tx.delete(errorReports).where(notInArray(errorReports.id, kept)).run();
  });
}
