import { describe, expect, it } from 'vitest';
import { connectionSchema, connectionUpdateSchema } from './attendance.js';
import {
  IMPORT_DATE_ERRORS,
  IMPORT_PREPARING_SECONDS,
  IMPORT_STATUS,
  importDateIssues,
  importPreparingMs,
} from './history-import.js';

const now = new Date('2026-06-15T12:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

describe('the import window (spec part 1 §5 "Import dates")', () => {
  it('accepts an old date within the last 2 years and a recent date after it', () => {
    expect(importDateIssues(daysAgo(700), daysAgo(10), now)).toEqual([]);
    expect(importDateIssues(new Date('2024-06-15T00:00:00Z'), null, now)).toEqual([]);
  });

  it('refuses an old date earlier than 2 years ago', () => {
    expect(importDateIssues(daysAgo(800), null, now)).toEqual([
      { path: 'importOldMessages', message: IMPORT_DATE_ERRORS.tooOld },
    ]);
  });

  it('refuses an old date in the future', () => {
    expect(importDateIssues(daysAgo(-3), null, now)).toEqual([
      { path: 'importOldMessages', message: IMPORT_DATE_ERRORS.inFuture },
    ]);
  });

  it('refuses a recent date earlier than the old one', () => {
    expect(importDateIssues(daysAgo(10), daysAgo(20), now)).toEqual([
      { path: 'importRecentMessages', message: IMPORT_DATE_ERRORS.recentBeforeOld },
    ]);
  });

  it('has nothing to check without an old date (no import)', () => {
    expect(importDateIssues(null, daysAgo(20), now)).toEqual([]);
  });
});

describe('connection schemas carry the import fields', () => {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const today = new Date();
  const ago = (n: number) => new Date(today.getTime() - n * 86_400_000);

  it('parse a date input day and default the switches off', () => {
    const parsed = connectionSchema.parse({
      name: 'Loja',
      importOldMessages: day(ago(30)),
      importRecentMessages: '',
    });
    expect(parsed.importOldMessages).toEqual(new Date(`${day(ago(30))}T00:00:00.000Z`));
    expect(parsed.importRecentMessages).toBeNull();
    expect(parsed.importOldMessagesGroups).toBe(false);
    expect(parsed.closedTicketsPostImported).toBe(false);
  });

  it('name the field and the rule broken, on create and on update', () => {
    const created = connectionSchema.safeParse({ name: 'Loja', importOldMessages: day(ago(900)) });
    expect(created.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['importOldMessages', IMPORT_DATE_ERRORS.tooOld],
    ]);
    const updated = connectionUpdateSchema.safeParse({
      importOldMessages: day(ago(10)),
      importRecentMessages: day(ago(20)),
    });
    expect(updated.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['importRecentMessages', IMPORT_DATE_ERRORS.recentBeforeOld],
    ]);
  });

  it('refuse a date that is not one and a queue id that is not an id', () => {
    const parsed = connectionUpdateSchema.safeParse({
      importOldMessages: 'yesterday',
      queueIdImportMessages: -1,
    });
    expect(parsed.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'importOldMessages',
      'queueIdImportMessages',
    ]);
  });
});

describe('the import-preparing window (spec part 1 §4 and §9: 35 seconds)', () => {
  const started = '2026-06-15T12:00:00.000Z';
  const at = (seconds: number) => Date.parse(started) + seconds * 1000;
  const running = {
    importOldMessages: '2026-01-01T00:00:00.000Z',
    importStartedAt: started,
    statusImportMessages: IMPORT_STATUS.running,
  };

  it('is 35 seconds long', () => {
    expect(IMPORT_PREPARING_SECONDS).toBe(35);
  });

  it('shows the preparing button for what is left of the 35 seconds after the import started', () => {
    expect(importPreparingMs(running, at(0))).toBe(35_000);
    expect(importPreparingMs(running, at(10))).toBe(25_000);
    expect(importPreparingMs(running, at(34.999))).toBe(1);
  });

  it('gives way once 35 seconds have passed', () => {
    expect(importPreparingMs(running, at(35))).toBe(0);
    expect(importPreparingMs(running, at(600))).toBe(0);
  });

  it('shows nothing without an import asked for, without a start, or once the import ended', () => {
    expect(importPreparingMs({ ...running, importOldMessages: null }, at(1))).toBe(0);
    expect(importPreparingMs({ ...running, importStartedAt: null }, at(1))).toBe(0);
    expect(importPreparingMs({ ...running, statusImportMessages: IMPORT_STATUS.offerClose }, at(1))).toBe(0);
    expect(importPreparingMs({ ...running, statusImportMessages: null }, at(1))).toBe(0);
    expect(importPreparingMs({ ...running, importStartedAt: 'not a date' }, at(1))).toBe(0);
  });

  it('counts a start ahead of the browser clock as just started, never longer than the window', () => {
    expect(importPreparingMs(running, at(-120))).toBe(35_000);
  });
});
