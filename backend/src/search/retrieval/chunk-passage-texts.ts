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
    const documents = this.readable.relation({ reader }, bind);
    const rows = await this.orm.em.fork().execute<{ id: string | number; text: string }[]>(
      `select c.id, c.text from document_chunks c join ${documents} d on d.id = c.document_id
       where c.id in (select jsonb_array_elements_text(${bind(JSON.stringify(ids))}::jsonb)::bigint)`,
      parameters,
    );
    return new Map(rows.map((row) => [String(row.id), row.text]));
  }
}
