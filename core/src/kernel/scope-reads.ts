import type { Cradle } from './container.js';

/**
 * What one scope (a bot turn, a job run, a request) has read, by key: a turn deals with several messages of one ticket
 * and its stages each ask for the same rows, which do not change under them. Read once per scope instead of once per
 * stage and message (issue 30: the ingest's statements per message); the scope's end forgets them.
 */
const readInScope = new WeakMap<Cradle, Map<string, Promise<unknown>>>();

function readsOf(scope: Cradle): Map<string, Promise<unknown>> {
  let reads = readInScope.get(scope);
  if (!reads) {
    reads = new Map();
    readInScope.set(scope, reads);
  }
  return reads;
}

/**
 * `read()` once per scope and key; a failed read is not kept (the next caller asks the database again).
 * @example onceInScope(scope, `connection:${companyId}:${id}`, () => scope.em.findOne(Connection, { id }))
 */
export function onceInScope<T>(scope: Cradle, key: string, read: () => Promise<T>): Promise<T> {
  const reads = readsOf(scope);
  let pending = reads.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = read();
    reads.set(key, pending);
    pending.catch(() => reads.get(key) === pending && reads.delete(key));
  }
  return pending;
}

/**
 * Gives the scope a value read by a statement that read more (a bot turn's lease): a later `onceInScope` of the key
 * answers it without a statement.
 * @example primeInScope(scope, `menu:${companyId}:${whatsappId}`, queues)
 */
export function primeInScope<T>(scope: Cradle, key: string, value: T): void {
  readsOf(scope).set(key, Promise.resolve(value));
}
