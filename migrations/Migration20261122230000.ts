import { Migration } from '@mikro-orm/migrations';

/**
 * Each chunk's term keys in ascending order, their counts alongside: keyword search finds
 * a term's count by binary search (width_bucket) instead of a scan of the whole array.
 * Chunks indexed from now on are written sorted; this sorts the ones already stored.
 */
export class Migration20261122230000 extends Migration {
  override name = 'Migration20261122230000';

  override up(): void | Promise<void> {
    this.addSql(`update "document_chunks" c set "term_hashes" = s."term_hashes", "term_freqs" = s."term_freqs"
      from (select c2."id", array_agg(p."term" order by p."term") as "term_hashes", array_agg(p."freq" order by p."term") as "term_freqs"
            from "document_chunks" c2, unnest(c2."term_hashes", c2."term_freqs") as p("term", "freq") group by c2."id") s
      where c."id" = s."id" and c."term_hashes" is distinct from s."term_hashes";`);
  }

  override down(): void | Promise<void> {
    // Sorted keys are valid for the earlier search too: nothing to undo.
  }
}
