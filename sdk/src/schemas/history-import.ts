import { z } from 'zod';
import { idField } from './common.js';

/**
 * Spec part 1 §5 "Import dates": how far back a connection may import (2 years), as the error codes the rules answer.
 * @example IMPORT_DATE_ERRORS.tooOld === 'ERR_IMPORT_OLD_MESSAGES_TOO_OLD'
 */
export const IMPORT_DATE_ERRORS = {
  tooOld: 'ERR_IMPORT_OLD_MESSAGES_TOO_OLD',
  inFuture: 'ERR_IMPORT_OLD_MESSAGES_IN_FUTURE',
  recentBeforeOld: 'ERR_IMPORT_RECENT_BEFORE_OLD',
} as const;

/** Years back an import may reach (spec part 1 §9 "import date range back 2 years"). @example IMPORT_MAX_YEARS === 2 */
export const IMPORT_MAX_YEARS = 2;

// A date picked as a day ('2025-01-31') is that day's UTC midnight; a day's slack on each side keeps the rule about
// days whatever the user's time zone.
const DAY_MS = 86_400_000;

/**
 * The import window's problems (spec part 1 §5): the old-messages date not earlier than 2 years ago and not in the
 * future; the recent date not earlier than the old one. No old date: no import, nothing to check. Empty when valid.
 * @example importDateIssues(new Date('2020-01-01'), null) // [{ path: 'importOldMessages', message: 'ERR_IMPORT_OLD_MESSAGES_TOO_OLD' }]
 */
export function importDateIssues(
  oldDate: Date | null | undefined,
  recentDate: Date | null | undefined,
  now: Date = new Date(),
): { path: 'importOldMessages' | 'importRecentMessages'; message: string }[] {
  if (!oldDate) return [];
  const limit = new Date(now);
  limit.setUTCFullYear(limit.getUTCFullYear() - IMPORT_MAX_YEARS);
  const issues: { path: 'importOldMessages' | 'importRecentMessages'; message: string }[] = [];
  if (oldDate.getTime() < limit.getTime() - DAY_MS)
    issues.push({ path: 'importOldMessages', message: IMPORT_DATE_ERRORS.tooOld });
  if (oldDate.getTime() > now.getTime() + DAY_MS)
    issues.push({ path: 'importOldMessages', message: IMPORT_DATE_ERRORS.inFuture });
  if (recentDate && recentDate.getTime() < oldDate.getTime())
    issues.push({ path: 'importRecentMessages', message: IMPORT_DATE_ERRORS.recentBeforeOld });
  return issues;
}

/** A date as JSON or a date input sends it ('' is none). */
const importDate = z.preprocess(
  (v) => (v === '' ? null : v),
  z.coerce.date({ error: 'Invalid date' }).nullish(),
);

/**
 * A connection's history import (spec part 1 §3 Connection): the window of old messages to bring in when its session
 * connects, whether groups come too, whether the imported tickets close afterwards, and the queue they go to.
 * @example z.object({ ...connectionImportFields }).parse({ importOldMessages: '2026-01-01', importOldMessagesGroups: false, closedTicketsPostImported: true })
 */
export const connectionImportFields = {
  importOldMessages: importDate,
  importRecentMessages: importDate,
  importOldMessagesGroups: z.boolean(),
  closedTicketsPostImported: z.boolean(),
  queueIdImportMessages: idField.nullish(),
};

/**
 * Checks a connection input's import window once, for every schema that carries it (create and update): issues
 * on the field at fault.
 * @example z.object(fields).superRefine(checkImportDates)
 */
export function checkImportDates(
  value: { importOldMessages?: Date | null; importRecentMessages?: Date | null },
  ctx: z.RefinementCtx,
): void {
  for (const issue of importDateIssues(value.importOldMessages, value.importRecentMessages))
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
}

/**
 * A connection's statusImportMessages (spec part 1 §4): `running` while a history import runs, `offerClose` once it
 * ended with imported tickets left open (the screen offers to close them); null otherwise.
 * @example connection.statusImportMessages === IMPORT_STATUS.offerClose
 */
export const IMPORT_STATUS = { running: 'Running', offerClose: 'renderButtonCloseTickets' } as const;

/**
 * Spec part 1 §9 "Import-preparing window 35 seconds": for this long after a history import started, the connections
 * screen shows a disabled "preparing" button (WhatsApp is still gathering the history). @example IMPORT_PREPARING_SECONDS === 35
 */
export const IMPORT_PREPARING_SECONDS = 35;

/**
 * How many milliseconds the connection's "preparing" button has left at `now` (spec part 1 §4 "Import of old
 * messages"): while an import asked for (`importOldMessages`) runs and started (`importStartedAt`) under
 * IMPORT_PREPARING_SECONDS ago; 0 when it shows no more (or never did). An import that already ended is not
 * preparing, however recent. A start ahead of `now` (the browser's clock behind the server's) counts as just started,
 * for the whole window at most.
 * @example importPreparingMs({ importOldMessages: '2026-01-01', importStartedAt: '2026-06-15T12:00:00Z', statusImportMessages: 'Running' }, Date.parse('2026-06-15T12:00:10Z')) // 25000
 */
export function importPreparingMs(
  c: {
    importOldMessages: string | null;
    importStartedAt: string | null;
    statusImportMessages: string | null;
  },
  now: number,
): number {
  if (!c.importOldMessages || !c.importStartedAt || c.statusImportMessages !== IMPORT_STATUS.running)
    return 0;
  const started = Date.parse(c.importStartedAt);
  if (Number.isNaN(started)) return 0;
  const window = IMPORT_PREPARING_SECONDS * 1000;
  return Math.min(window, Math.max(0, started + window - now));
}
