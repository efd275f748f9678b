import { likeTerm } from '../../db/sql-helpers.js';

/**
 * The per-word name index (migration contacts-0005): `contact_words` (a company's vocabulary, trigram-indexed) and
 * `contact_name_words` (each word's contacts in name order). A term without a space lies inside one space-separated
 * word of the lowered name, so `name ilike '%term%'` holds exactly when one of the name's words is `like
 * lower('%term%')`: the same rule as ILIKE (lower of both sides, then LIKE), read off a small vocabulary and one
 * index range per word instead of every named contact's row.
 */

/** Whether a term can be answered from the name's words: it has no space (a space crosses words). */
export const byNameWords = (term: string): boolean => term.length > 0 && !term.includes(' ');

/**
 * The ids of the company's contacts whose name contains `term` (one without a space, see `byNameWords`), as a
 * select of one column `id`, read index only off contact_name_words_word_index. A contact whose name has two words
 * with the term comes twice: use it where duplicates do not matter (`in`, `union`).
 */
export function namedByWordsSql(companyId: number, term: string): { sql: string; params: unknown[] } {
  return {
    sql: `select w.contact_id as id
            from contact_words v
            join contact_name_words w on w.company_id = v.company_id and w.word = v.word
           where v.company_id = ? and v.word like lower(?)`,
    params: [companyId, `%${likeTerm(term)}%`],
  };
}

/**
 * The first `upTo` contacts in name order (`id`, `name`) of each word that contains `term`: per word one index-only
 * range that stops at `upTo`, so a common surname reads `upTo` entries, not its thousands of contacts. The union of
 * these lists holds the first `upTo` named contacts in name order and, when it has fewer than `upTo` per word,
 * every one of them.
 */
export function firstNamedByWordsSql(
  companyId: number,
  term: string,
  upTo: number,
): { sql: string; params: unknown[] } {
  return {
    sql: `select w.contact_id as id, w.name
            from contact_words v
           cross join lateral (select w.contact_id, w.name from contact_name_words w
                                where w.company_id = v.company_id and w.word = v.word
                                order by w.name, w.contact_id limit ${upTo}) w
           where v.company_id = ? and v.word like lower(?)`,
    params: [companyId, `%${likeTerm(term)}%`],
  };
}
