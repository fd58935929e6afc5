import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import { CompiledQuery } from 'kysely';

/**
 * The text extracted from each processed document (document_texts), which the preview
 * pages through. Derived from the stored original: processing writes it again whenever
 * it runs, so it is no projection of the log.
 */
@Injectable()
export class ExtractedTexts {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  /** Bound by the database rather than spliced into the SQL text: a text may be megabytes long. */
  async save(documentId: string, text: string): Promise<void> {
    await this.orm.em
      .fork()
      .getKysely()
      .executeQuery(
        CompiledQuery.raw(
          `insert into document_texts (document_id, text) values ($1, $2)
           on conflict (document_id) do update set text = excluded.text`,
          [documentId, text],
        ),
      );
  }

  async of(documentId: string): Promise<string | null> {
    const [row] = await this.orm.em
      .fork()
      .execute<{ text: string }[]>('select text from document_texts where document_id = ?', [documentId]);
    return row?.text ?? null;
  }

  async remove(documentId: string): Promise<void> {
    await this.orm.em.fork().execute('delete from document_texts where document_id = ?', [documentId]);
  }

  /** Removes the texts of documents that no longer exist (a crash between a deletion and its clean-up); returns how many. */
  async removeOrphans(): Promise<number> {
    const removed = await this.orm.em
      .fork()
      .execute<{ document_id: string }[]>(
        `delete from document_texts t where not exists (select 1 from documents d where d.id = t.document_id) returning document_id`,
      );
    return removed.length;
  }
}
