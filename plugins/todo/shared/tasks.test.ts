import { describe, expect, it } from 'vitest';
import { mergeTasks, parseStoredTasks, parseSynced, submitTask, type Task, versionOf } from './tasks.js';

const at = (minute: number) => `2026-11-29T10:${String(minute).padStart(2, '0')}:00.000Z`;
const task = (text: string, created: number, updated = created): Task => ({
  text,
  createdAt: at(created),
  updatedAt: at(updated),
});

describe('mergeTasks', () => {
  it('joins both copies, one task per createdAt, newest first', () => {
    expect(mergeTasks([task('a', 1)], [task('b', 2)])).toEqual([task('b', 2), task('a', 1)]);
  });

  it('keeps the copy edited last, whichever side holds it', () => {
    expect(mergeTasks([task('local edit', 1, 5)], [task('old', 1, 1)])).toEqual([task('local edit', 1, 5)]);
    expect(mergeTasks([task('old', 1, 1)], [task('other browser', 1, 7)])).toEqual([
      task('other browser', 1, 7),
    ]);
  });

  it('treats one instant written two ways as one task', () => {
    const offset = { text: 'x', createdAt: '2026-11-29T07:01:00-03:00', updatedAt: at(1) };
    expect(mergeTasks([offset], [task('x', 1)])).toHaveLength(1);
  });

  it('keeps a task deleted in another browser deleted, and one deleted here while offline', () => {
    const [kept, gone] = [task('kept', 1), task('gone', 2)];
    const synced = new Set([kept, gone].map(versionOf));
    // Deleted in another browser: the server lost it, this browser's copy still has it unchanged.
    expect(mergeTasks([kept, gone], [kept], synced)).toEqual([kept]);
    // Deleted here while the server could not be told: the server still has it unchanged.
    expect(mergeTasks([kept], [kept, gone], synced)).toEqual([kept]);
    // Without the record of the last sync (a first visit), both copies are joined as before.
    expect(mergeTasks([kept, gone], [kept])).toEqual([gone, kept]);
  });

  it('keeps what was added or edited since the last sync, on either side', () => {
    const old = task('old', 1);
    const synced = new Set([versionOf(old)]);
    const addedHere = task('added offline', 3);
    expect(mergeTasks([old, addedHere], [old], synced)).toEqual([addedHere, old]);
    const addedThere = task('added elsewhere', 4);
    expect(mergeTasks([old], [addedThere, old], synced)).toEqual([addedThere, old]);
    // Edited here after the last sync, deleted in another browser: the edit wins (it is newer work).
    expect(mergeTasks([task('old, edited', 1, 9)], [], synced)).toEqual([task('old, edited', 1, 9)]);
  });
});

describe('parseStoredTasks', () => {
  it('reads what the browser kept, dropping what is not a task', () => {
    const raw = JSON.stringify([task('ok', 1), { text: '', createdAt: at(2), updatedAt: at(2) }, 'junk']);
    expect(parseStoredTasks(raw)).toEqual([task('ok', 1)]);
    expect(parseStoredTasks('{not json')).toEqual([]);
    expect(parseStoredTasks(null)).toEqual([]);
  });

  it('reads the versions of the last sync, none when unreadable', () => {
    const v = versionOf(task('a', 1));
    expect(parseSynced(JSON.stringify([v]))).toEqual(new Set([v]));
    expect(parseSynced('{"a":1}')).toEqual(new Set());
    expect(parseSynced('nope')).toEqual(new Set());
    expect(parseSynced(null)).toEqual(new Set());
  });
});

describe('submitTask', () => {
  it('ignores a text blank once trimmed, adding or editing', () => {
    expect(submitTask([task('a', 1)], '   ', null, at(2))).toBeNull();
    expect(submitTask([task('a', 1)], '\t\n', at(1), at(2))).toBeNull();
  });

  it('adds a trimmed task first, its createdAt and updatedAt the moment', () => {
    expect(submitTask([task('a', 1)], '  b ', null, at(2))).toEqual([task('b', 2), task('a', 1)]);
  });

  it('edits the text and updatedAt of the task being edited, keeping its createdAt and place', () => {
    const list = [task('b', 2), task('a', 1)];
    expect(submitTask(list, 'a, edited', at(1), at(9))).toEqual([task('b', 2), task('a, edited', 1, 9)]);
  });
});
