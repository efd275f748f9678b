import { hasNul } from '@balcao/sdk/rest';
import { z } from 'zod';

/** The browser storage key of the spec (part 2 §3 "Local task", §9). */
export const TASKS_KEY = 'tasks';
export const MAX_TASKS = 500;
export const MAX_TASK_LENGTH = 1000;

/** An instant as JSON carries it (zod's ISO rule already refuses days that do not exist), years 1970–9999. */
const instant = z.iso
  .datetime({ offset: true, error: 'Invalid date' })
  .refine((v) => new Date(v).getUTCFullYear() >= 1970, 'Invalid date');

/** A task as the spec keeps it: text, createdAt (its identity), updatedAt. */
export const taskSchema = z.object({
  text: z
    .string({ error: 'Required' })
    .trim()
    .min(1, 'Required')
    .max(MAX_TASK_LENGTH, 'Too Long!')
    .refine((v) => !hasNul(v), 'Invalid character'),
  createdAt: instant,
  updatedAt: instant,
});
export type Task = z.infer<typeof taskSchema>;

/** `PUT /todo`: the user's whole list. */
export const tasksBodySchema = z.object({ tasks: z.array(taskSchema).max(MAX_TASKS, 'Too many tasks') });

export interface TasksDto {
  tasks: Task[];
}

/**
 * What the browser keeps besides the spec's `tasks`: the versions of the tasks the server last confirmed (see
 * {@link mergeTasks}). A browser without it merges as on a first visit.
 */
export const SYNCED_KEY = 'tasks.synced';

const iso = (v: string) => new Date(v).toISOString();

/** A task's identity (createdAt) and edit (updatedAt) as one string: `2026-…Z|2026-…Z`. */
export const versionOf = (task: Task): string => `${iso(task.createdAt)}|${iso(task.updatedAt)}`;

/**
 * The list a user sees after being away: the browser's copy and the server's joined, one task per createdAt (its
 * identity), the copy edited last (updatedAt) winning; newest first. `synced` (the versions both sides held at the
 * last sync) tells a deletion from an addition: a task one side still holds unchanged since then, and the other side
 * no longer holds, was deleted there and stays deleted (without it, a task deleted in another browser came back from
 * this one's copy). A task added, or edited, since the last sync is kept.
 * @example mergeTasks([{ text: 'a', createdAt: t1, updatedAt: t2 }], [{ text: 'b', createdAt: t1, updatedAt: t1 }]) // 'a'
 */
export function mergeTasks(
  local: readonly Task[],
  remote: readonly Task[],
  synced: ReadonlySet<string> = new Set(),
): Task[] {
  const ids = (tasks: readonly Task[]) => new Set(tasks.map((t) => iso(t.createdAt)));
  const [localIds, remoteIds] = [ids(local), ids(remote)];
  const deletedElsewhere = (task: Task, other: ReadonlySet<string>) =>
    synced.has(versionOf(task)) && !other.has(iso(task.createdAt));
  const byCreation = new Map<string, Task>();
  for (const task of [
    ...remote.filter((t) => !deletedElsewhere(t, localIds)),
    ...local.filter((t) => !deletedElsewhere(t, remoteIds)),
  ]) {
    const key = iso(task.createdAt);
    const kept = byCreation.get(key);
    if (!kept || Date.parse(task.updatedAt) >= Date.parse(kept.updatedAt)) byCreation.set(key, task);
  }
  return [...byCreation.values()].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** The versions kept under {@link SYNCED_KEY}; anything unreadable reads as none. */
export function parseSynced(raw: string | null): Set<string> {
  try {
    const parsed = z
      .array(z.string().max(100))
      .max(MAX_TASKS)
      .parse(JSON.parse(raw ?? '[]'));
    return new Set(parsed);
  } catch {
    return new Set();
  }
}

/**
 * The list once the box is submitted (spec part 2 §5, §6): a new task first; or, while `editing` (a task's createdAt),
 * that task with the new text and updatedAt, its createdAt kept. Null for a text blank once trimmed: it is ignored.
 * @example submitTask([], '  Ligar  ', null, now) // [{ text: 'Ligar', createdAt: now, updatedAt: now }]
 */
export function submitTask(
  tasks: readonly Task[],
  typed: string,
  editing: string | null,
  now: string,
): Task[] | null {
  const text = typed.trim();
  if (!text) return null;
  if (editing)
    return tasks.map((task) => (task.createdAt === editing ? { ...task, text, updatedAt: now } : task));
  return [{ text, createdAt: now, updatedAt: now }, ...tasks];
}

/** Whether two lists hold the same tasks in the same order. */
export const sameTasks = (a: readonly Task[], b: readonly Task[]): boolean =>
  a.length === b.length &&
  a.every((t, i) => t.text === b[i].text && t.createdAt === b[i].createdAt && t.updatedAt === b[i].updatedAt);

/** The browser's copy, whatever the storage holds (a broken or foreign value reads as no tasks). */
export function parseStoredTasks(raw: string | null): Task[] {
  if (!raw) return [];
  try {
    const parsed = z.array(z.unknown()).parse(JSON.parse(raw));
    return parsed.flatMap((item) => {
      const task = taskSchema.safeParse(item);
      return task.success ? [task.data] : [];
    });
  } catch {
    return [];
  }
}
