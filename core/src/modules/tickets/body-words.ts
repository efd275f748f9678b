import { likeTerm } from '../../db/sql-helpers.js';

/**
 * "A message `m` says the term", as ticket search reads it (messages/migrations/messages-0008-body-words.ts): the
 * term's words off the body's words' index (the last word a prefix, `body_words_query`), then the body must contain
 * the term as typed (`ilike`). So a body matches where one of its words begins the term: "pereira", "Pereira!" and
 * "pedido 2679" (of "pedido 267965") do; a term that starts inside a word ("ereira") does not.
 * @example const s = bodySays('pereira'); `select m.ticket_id from messages m where ${s.sql}`, s.params
 */
export const bodySays = (searchParam: string): { sql: string; params: string[] } => ({
  sql: `to_tsvector('simple', m.body) @@ body_words_query(?) and m.body ilike ?`,
  params: [searchParam, `%${likeTerm(searchParam)}%`],
});
