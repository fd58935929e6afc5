import { Migration } from '@mikro-orm/migrations';

/**
 * A document's extracted text is written whole each time it is processed, on the embedded
 * database's one thread, where compressing it (pglz, in WebAssembly) was 6% of that thread's
 * time in bulk ingestion; processing ran 8% faster without it (`npm run bench:ingest`, two
 * alternated pairs). The texts take about 2.3 times the disk uncompressed. Texts already
 * stored keep their compression until their document is processed again.
 */
export class Migration20261129110000 extends Migration {
  override name = 'Migration20261129110000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "document_texts" alter column "text" set storage external;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "document_texts" alter column "text" set storage extended;`);
  }
}
