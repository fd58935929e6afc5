import { defineEntity, p, type InferEntity } from '@mikro-orm/sql';

/** Read model of the Document aggregate, kept by the inline documents projection. */
export const DocumentEntity = defineEntity({
  name: 'Document',
  tableName: 'documents',
  properties: {
    id: p.uuid().primary(),
    name: p.string().length(255),
    type: p.string().length(10),
    contentType: p.string().length(200),
    sizeBytes: p.bigint('number'),
    sha256: p.string().length(64).columnType('char(64)').index(),
    status: p.string().length(20).index(),
    failureReason: p.string().length(1000).nullable(),
    uploadedBy: p.uuid(),
    uploadedAt: p.datetime().columnType('timestamptz').index(),
    processedAt: p.datetime().columnType('timestamptz').nullable(),
    chunks: p.integer().default(0),
    vectorized: p.boolean().default(false),
    embeddingModel: p.string().length(200).nullable(),
    pages: p.integer().nullable(),
    words: p.integer().nullable(),
    language: p.string().length(10).nullable(),
    category: p.string().length(100).nullable(),
    tags: p.json<string[]>().default('[]'),
    accessLevel: p.string().length(10),
    userMetadata: p.json<Record<string, unknown>>().nullable(),
  },
});
export type DocumentRecord = InferEntity<typeof DocumentEntity>;
