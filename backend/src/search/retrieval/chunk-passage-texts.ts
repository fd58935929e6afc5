import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import type { Actor } from '@docent/common/permissions';
import { READABLE_DOCUMENTS, type ReadableDocuments } from '../../documents/readable-documents.port.js';
import type { PassageTexts } from './passage-texts.port.js';

/** Chunk ids are the chunks table's bigint keys; anything else names no chunk. */
const CHUNK_ID = /^\d{1,18}$/;

/** Passage texts read from the indexed chunks, through the same readable-documents relation a search joins. */
@Injectable()
export class ChunkPassageTexts implements PassageTexts {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(READABLE_DOCUMENTS) private readonly readable: ReadableDocuments,
  ) {}

  async textsOf(chunkIds: readonly string[], reader: Actor): Promise<Map<string, string>> {
    const ids = [...new Set(chunkIds)].filter((id) => CHUNK_ID.test(id));
    if (ids.length === 0) return new Map();
    const parameters: unknown[] = [];
    const bind = (value: unknown) => {
      parameters.push(value);
      return '?';
    };
    const wanted = bind(JSON.stringify(ids));
    const documents = this.readable.relation({ reader }, bind);
    // The chunks first, by key, then their documents, as ChunkIndex.chunksWithDocuments does:
    // PGlite never analyzes, and with the join free to reorder, the planner can look the
    // chunks up again for each readable document.
    const rows = await this.orm.em.fork().execute<{ id: string | number; text: string }[]>(
      `with wanted as materialized (
         select c.id, c.text, c.document_id from document_chunks c
         where c.id in (select jsonb_array_elements_text(${wanted}::jsonb)::bigint)
       )
       select c.id, c.text from wanted c join ${documents} d on d.id = c.document_id`,
      parameters,
    );
    return new Map(rows.map((row) => [String(row.id), row.text]));
  }
}
