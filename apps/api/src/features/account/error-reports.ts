import type { Db } from '../../db/client.ts';
import { scrubText, scrubUrl } from '../../logger.ts';
import { insertErrorReport, type ErrorReport } from './store.ts';

/** Stores a browser's error report with any reset or invitation token taken out, as the logs do. */
export function recordErrorReport(db: Db, report: ErrorReport): void {
  insertErrorReport(db, {
    ...report,
    message: scrubText(report.message),
    url: scrubUrl(report.url),
    stack: scrubText(report.stack),
  });
}
