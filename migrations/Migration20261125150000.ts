import { Migration } from '@mikro-orm/migrations';

/**
 * Keyword terms leave out a longer list of English stop words (tokenizer porter-stemmed-v2),
 * which changes what a chunk's postings hold: an empty index is this tokenizer's already,
 * and one holding chunks keeps its older name, so that /status asks for `npm run reindex`
 * (which also gives those chunks their contextual headers).
 */
export class Migration20261125150000 extends Migration {
  override name = 'Migration20261125150000';

  override up(): void | Promise<void> {
    this.addSql(`update "search_corpus" set "tokenizer" = 'porter-stemmed-v2' where "chunk_count" = 0;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`update "search_corpus" set "tokenizer" = 'porter-stemmed-v1' where "chunk_count" = 0;`);
  }
}
