import { Migration } from '@mikro-orm/migrations';

/**
 * The knowledge base: documents (a projection of the document streams), their
 * extracted text and chunks, the BM25 keyword index and the vector column.
 */
export class Migration20261122130000 extends Migration {
  override name = 'Migration20261122130000';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "documents" ("id" uuid not null, "name" varchar(255) not null, "type" varchar(10) not null, "content_type" varchar(200) not null, "size_bytes" bigint not null, "sha256" char(64) not null, "status" varchar(20) not null, "failure_reason" varchar(1000) null, "uploaded_by" uuid not null, "uploaded_at" timestamptz not null, "processed_at" timestamptz null, "chunks" int not null default 0, "vectorized" boolean not null default false, "embedding_model" varchar(200) null, "pages" int null, "words" int null, "language" varchar(10) null, "category" varchar(100) null, "tags" jsonb not null default '[]', "access_level" varchar(10) not null, "user_metadata" jsonb null, primary key ("id"));`,
    );
    this.addSql(`create index "documents_uploaded_at_index" on "documents" ("uploaded_at");`);
    this.addSql(`create index "documents_status_index" on "documents" ("status");`);
    this.addSql(`create index "documents_sha256_index" on "documents" ("sha256");`);

    // Derived from the stored original by processing; reprocessing rebuilds it.
    this.addSql(
      `create table "document_texts" ("document_id" uuid not null, "text" text not null, primary key ("document_id"));`,
    );

    // The embedding column has no fixed dimension so that any model fits; each
    // model's dimension gets its own partial HNSW index, created when the model is configured.
    this.addSql(
      `create table "document_chunks" ("id" bigint generated always as identity, "document_id" uuid not null, "ordinal" int not null, "text" text not null, "position" jsonb not null, "start_offset" int not null, "end_offset" int not null, "token_count" int not null, "embedding" vector null, "embedding_dimensions" smallint null, "embedding_model" varchar(200) null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "document_chunks" add constraint "document_chunks_document_ordinal_unique" unique ("document_id", "ordinal");`,
    );

    // BM25: the term dictionary with each term's document frequency (in chunks), the
    // postings with term frequencies, and the corpus totals for the average length.
    this.addSql(
      `create table "search_terms" ("id" serial primary key, "term" varchar(100) not null, "doc_freq" int not null default 0);`,
    );
    this.addSql(`alter table "search_terms" add constraint "search_terms_term_unique" unique ("term");`);
    this.addSql(
      `create table "chunk_terms" ("term_id" int not null, "chunk_id" bigint not null references "document_chunks" ("id") on delete cascade, "tf" int not null, primary key ("term_id", "chunk_id"));`,
    );
    this.addSql(`create index "chunk_terms_chunk_id_index" on "chunk_terms" ("chunk_id");`);
    this.addSql(
      `create table "search_corpus" ("id" boolean not null default true check ("id"), "chunk_count" bigint not null, "token_count" bigint not null, primary key ("id"));`,
    );
    this.addSql(`insert into "search_corpus" ("id", "chunk_count", "token_count") values (true, 0, 0);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "search_corpus" cascade;`);
    this.addSql(`drop table if exists "chunk_terms" cascade;`);
    this.addSql(`drop table if exists "search_terms" cascade;`);
    this.addSql(`drop table if exists "document_chunks" cascade;`);
    this.addSql(`drop table if exists "document_texts" cascade;`);
    this.addSql(`drop table if exists "documents" cascade;`);
  }
}
