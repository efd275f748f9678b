import { Migration } from '@mikro-orm/migrations';

/** The words of a contact's name as the search matches them: ILIKE lowers both sides; words are split on spaces. */
const WORDS = `unnest(string_to_array(lower(n.name), ' ')) w where w <> ''`;

/** Fills both tables from every contact: the migration's backfill, and a bulk load that ran with triggers off. */
export const NAME_WORDS_BACKFILL = `
  insert into contact_words (company_id, word)
    select distinct n.company_id, w from contacts n, ${WORDS}
    on conflict do nothing;
  insert into contact_name_words (contact_id, word, company_id, name)
    select distinct n.id, w, n.company_id, n.name from contacts n, ${WORDS}
    on conflict do nothing;`;

/**
 * A per-word name index (issue 30): a search term without a space lies inside one word of the lowered name, so the
 * contacts it names are the contacts of the words that contain it. `contact_words` is each company's vocabulary
 * (a few thousand words, trigram-indexed: the words containing the term are found at once); `contact_name_words`
 * holds each word's contacts in name order, so a surname's first page and its count read a bounded range of one
 * index, index only, and the set of its contacts (the ticket search) one range, whatever the number of contacts.
 * Kept by triggers on contacts: a statement trigger for inserts (imports add thousands at once), a row trigger for
 * a changed name; a deleted contact's words go by the foreign key. A word no contact has any more stays in the
 * vocabulary: it names nobody, so it changes no answer.
 */
export class MigrationContacts0005CsearchNameWords extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table contact_words (
        company_id int not null references companies (id) on delete cascade,
        word text not null,
        primary key (company_id, word)
      );
      create table contact_name_words (
        contact_id int not null references contacts (id) on delete cascade,
        word text not null,
        company_id int not null,
        name varchar(100) not null,
        primary key (contact_id, word)
      );
      ${NAME_WORDS_BACKFILL}
      create index contact_words_word_trgm on contact_words using gin (word gin_trgm_ops);
      create index contact_name_words_word_index on contact_name_words (company_id, word, name, contact_id);

      create function contact_name_words_inserted() returns trigger language plpgsql as $$
      begin
        insert into contact_words (company_id, word)
          select distinct n.company_id, w from new_contacts n, ${WORDS}
          on conflict do nothing;
        insert into contact_name_words (contact_id, word, company_id, name)
          select distinct n.id, w, n.company_id, n.name from new_contacts n, ${WORDS};
        return null;
      end $$;
      create trigger contact_name_words_inserted after insert on contacts
        referencing new table as new_contacts for each statement execute function contact_name_words_inserted();

      create function contact_name_words_renamed() returns trigger language plpgsql as $$
      begin
        delete from contact_name_words where contact_id = old.id;
        insert into contact_words (company_id, word)
          select distinct n.company_id, w from (select new.company_id, new.name) n, ${WORDS}
          on conflict do nothing;
        insert into contact_name_words (contact_id, word, company_id, name)
          select distinct new.id, w, n.company_id, n.name from (select new.company_id, new.name) n, ${WORDS};
        return null;
      end $$;
      create trigger contact_name_words_renamed after update of name, company_id on contacts for each row
        when (old.name is distinct from new.name or old.company_id is distinct from new.company_id)
        execute function contact_name_words_renamed();
      analyze contact_words;
      analyze contact_name_words;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop trigger if exists contact_name_words_renamed on contacts;
      drop trigger if exists contact_name_words_inserted on contacts;
      drop function if exists contact_name_words_renamed();
      drop function if exists contact_name_words_inserted();
      drop table if exists contact_name_words;
      drop table if exists contact_words;
    `);
  }
}
