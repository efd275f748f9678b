import { Migration } from '@mikro-orm/migrations';

/**
 * A ticket search finds the messages that say the term by the WORDS of their bodies, not by trigrams (issue 30): a
 * surname's trigrams ("per", "ere", "eir", "ira") each sit in 70,000–140,000 of 2,000,000 messages, and the trigram
 * index decoded them all for every search (~10 ms of database CPU, 194 pages, to find 7 rows); its words' index reads
 * one short posting list (0.1 ms). The words' index is also a fifth of the size (25 MB against 119 MB) and takes
 * ~8 keys a message where the trigrams took ~50, so each message ingested writes less.
 *
 * `body_words_query(term)`: the term's words, as the `simple` configuration splits a body, each required, the last
 * as a prefix (the term may end inside a word: "pedido 2679" finds "pedido 267965"). The search keeps its
 * `body ilike '%term%'`, so what it finds is exactly the bodies that contain the term where a word begins; a term
 * that starts inside a word ("ereira") no longer finds message bodies (contact names still match anywhere).
 * A term with no word (punctuation only) is null and finds no body. Immutable, so a prepared statement's generic
 * plan reads the index with it; parallel restricted, so that plan never hands the few hits' read to parallel workers
 * (their start cost 40 ms a search on the bench VM, for a 0.5 ms read). The table is analyzed so that the index's
 * words have statistics at once (searchShape guesses a term's messages from them; ~1 s at 2,000,000 messages). On an
 * existing install the index is built at the first boot after the upgrade, before the server answers: ~12 s per
 * 2,000,000 messages on the bench machine.
 */
export class MigrationMessages0008BodyWords extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create or replace function body_words_query(term text) returns tsquery
        language sql immutable parallel restricted strict
        return to_tsquery('simple', (
          with w as (select lexeme, positions from unnest(to_tsvector('simple', term)))
          select string_agg(
                   '''' || replace(lexeme, '''', '''''') || ''''
                     || case when (select max(p) from w, unnest(w.positions) p) = any (positions) then ':*' else '' end,
                   ' & ')
            from w));
      create index messages_body_words on messages using gin (to_tsvector('simple', body));
      drop index if exists messages_body_trgm;
      analyze messages;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      create index messages_body_trgm on messages using gin (body gin_trgm_ops);
      drop index if exists messages_body_words;
      drop function if exists body_words_query(text);
    `);
  }
}
