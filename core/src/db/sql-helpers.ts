import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/** The name of the unique index a write collided with, or undefined for any other error. */
function uniqueViolation(err: unknown): string | undefined {
  if (!(err instanceof UniqueConstraintViolationException)) return undefined;
  return (err as { constraint?: string }).constraint ?? '';
}

/**
 * Flushes; a collision on one of the named unique indexes throws that index's error instead (so a race between
 * two requests answers like the check that ran first), anything else is rethrown.
 * @example await flushOrConflict(em, { tags_company_name_unique: () => nameTaken() })
 */
export async function flushOrConflict(
  em: EntityManager,
  conflicts: Record<string, () => Error | Promise<Error>>,
): Promise<void> {
  try {
    await em.flush();
  } catch (err) {
    const make = conflicts[uniqueViolation(err) ?? ''];
    throw make ? await make() : err;
  }
}

/** Escapes `%`, `_` and `\` so user text matches literally inside an ILIKE pattern. @example `%${likeTerm('50%')}%` */
export const likeTerm = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Tenant tables whose ids other rows link to. */
type OwnedTable = 'queues' | 'tags' | 'users';

/** A link table between an owner row and tenant rows; the company is reached through `targetTable`. */
export interface LinkTable {
  table: 'user_queues' | 'contact_tags';
  ownerColumn: 'user_id' | 'contact_id';
  targetColumn: 'queue_id' | 'tag_id';
  targetTable: OwnedTable;
}

/** True when every id is a row of `table` belonging to the company. @example await allOwned(em, 'tags', 2, [4, 5]) */
export async function allOwned(
  em: EntityManager,
  table: OwnedTable,
  companyId: number,
  ids: number[],
): Promise<boolean> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return true;
  const [{ n }] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from ${table} where company_id = ? and id in (?)`,
    [companyId, wanted],
  );
  return n === wanted.length;
}

/**
 * Makes the owner's links exactly `targetIds`, in one transaction. Targets are selected through their table with
 * the company, so another company's id (or one deleted meanwhile) never gets linked.
 * @example await replaceLinks(em, USER_QUEUES, companyId, userId, [1, 2])
 */
export async function replaceLinks(
  em: EntityManager,
  link: LinkTable,
  companyId: number,
  ownerId: number,
  targetIds: number[],
): Promise<void> {
  const { table, ownerColumn, targetColumn, targetTable } = link;
  await em.transactional(async (tx) => {
    await tx.execute(
      `delete from ${table} where ${ownerColumn} = ?
         and ${targetColumn} in (select id from ${targetTable} where company_id = ?)`,
      [ownerId, companyId],
    );
    if (targetIds.length === 0) return;
    await tx.execute(
      `insert into ${table} (${ownerColumn}, ${targetColumn})
       select ?, id from ${targetTable} where company_id = ? and id in (?) on conflict do nothing`,
      [ownerId, companyId, [...new Set(targetIds)]],
    );
  });
}

/** Runs raw SQL inside `em`'s transaction (what a transactional callback's statements need to see its writes). */
export type TransactionSql = <T>(sql: string, params: unknown[]) => Promise<T[]>;

/**
 * The raw-SQL runner of `em`'s transaction.
 * @example const q = sqlIn(em); const rows = await q<{ id: number }>('select id from tickets where id = ?', [id])
 */
export const sqlIn =
  (em: EntityManager): TransactionSql =>
  <T>(sql: string, params: unknown[]) =>
    em.getConnection().execute<T[]>(sql, params, 'all', em.getTransactionContext());
