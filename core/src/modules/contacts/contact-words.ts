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
 * The company's name words that contain `term` (one without a space, see `byNameWords`), as one row `words`
 * (text[], empty when none): read first, so the statement that reads their contacts is planned for these words.
 * @example const [{ words }] = await plainRows<{ words: string[] }>(em, q.sql, q.params)
 */
export function nameWordsSql(companyId: number, term: string): { sql: string; params: unknown[] } {
  return {
    sql: `select coalesce(array_agg(v.word order by v.word), '{}') as words
            from contact_words v where v.company_id = ? and v.word like lower(?)`,
    params: [companyId, `%${likeTerm(term)}%`],
  };
}

/**
 * The ids of the company's contacts with one of `words` in their name (from nameWordsSql), as a select of one column
 * `id`, read index only off contact_name_words_word_index. The words are values, not a join, so the planner guesses
 * their contacts from the word's own statistics (joined, it guessed the average word's: 19,000 contacts at 1 M for a
 * word nobody has, and compiled the statement with JIT, 270 ms). A contact with two of the words comes twice: use it
 * where duplicates do not matter (`in`, `union`).
 */
export function namedByWordsSql(companyId: number, words: string[]): { sql: string; params: unknown[] } {
  return {
    sql: 'select w.contact_id as id from contact_name_words w where w.company_id = ? and w.word = any(?::text[])',
    params: [companyId, words],
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
