import { describe, expect, it } from 'vitest';
import { mergeTasks, parseStoredTasks, type Task } from './tasks.js';

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
});

describe('parseStoredTasks', () => {
  it('reads what the browser kept, dropping what is not a task', () => {
    const raw = JSON.stringify([task('ok', 1), { text: '', createdAt: at(2), updatedAt: at(2) }, 'junk']);
    expect(parseStoredTasks(raw)).toEqual([task('ok', 1)]);
    expect(parseStoredTasks('{not json')).toEqual([]);
    expect(parseStoredTasks(null)).toEqual([]);
  });
});
