import { Migration } from '@mikro-orm/migrations';

/**
 * Each chunk keeps the contextual header it is indexed under (its document's title and
 * headings), so that `npm run reindex` rebuilds the same postings and embeddings from the
 * stored chunks. Chunks stored before have none until reindexed or reprocessed.
 */
export class Migration20261125140000 extends Migration {
  override name = 'Migration20261125140000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "document_chunks" add column "header" text not null default '';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "document_chunks" drop column "header";`);
  }
}
