import { Migration } from '@mikro-orm/migrations';

/**
 * Keyword postings move into the chunk rows: each chunk keeps its terms (as 53-bit
 * hashes) and their frequencies in two parallel arrays under a GIN index. One row per
 * chunk instead of one per term and chunk makes indexing several times faster; document
 * frequencies are counted from the GIN index when a search needs them.
 */
export class Migration20261122150000 extends Migration {
  override name = 'Migration20261122150000';

  override up(): void | Promise<void> {
    this.addSql(`drop table if exists "chunk_terms" cascade;`);
    this.addSql(`drop table if exists "search_terms" cascade;`);
    this.addSql(
      `alter table "document_chunks" add column "term_hashes" bigint[] not null default '{}', add column "term_freqs" int[] not null default '{}';`,
    );
    this.addSql(`create index "document_chunks_term_hashes_index" on "document_chunks" using gin ("term_hashes");`);
    // Chunks indexed before this migration have no terms yet: `npm run reindex` fills them in.
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "document_chunks_term_hashes_index";`);
    this.addSql(`alter table "document_chunks" drop column "term_hashes", drop column "term_freqs";`);
    this.addSql(
      `create table "search_terms" ("id" serial primary key, "term" varchar(100) not null, "doc_freq" int not null default 0);`,
    );
    this.addSql(`alter table "search_terms" add constraint "search_terms_term_unique" unique ("term");`);
    this.addSql(
      `create table "chunk_terms" ("term_id" int not null, "chunk_id" bigint not null references "document_chunks" ("id") on delete cascade, "tf" int not null, primary key ("term_id", "chunk_id"));`,
    );
    this.addSql(`create index "chunk_terms_chunk_id_index" on "chunk_terms" ("chunk_id");`);
  }
}
