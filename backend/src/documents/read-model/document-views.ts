import { Inject, Injectable } from '@nestjs/common';
import { type FilterQuery, MikroORM } from '@mikro-orm/sql';
import {
  formatFileSize,
  type AccessLevel,
  type DocumentListQuery,
  type DocumentListResponse,
  type DocumentStats,
  type DocumentStatus,
  type DocumentType,
  type DocumentView,
} from '@docent/common/documents';
import { canActOnDocument, type DocumentAction } from '@docent/common/permissions';
import type { Principal } from '../../auth/principal.js';
import { UserEntity } from '../../auth/users/user.entity.js';
import { DomainError } from '../../common/domain-error.js';
import { bindInOrder, documentAccessFilter, documentAccessSql } from '../document-access.js';
import { DOCUMENT_NOT_FOUND } from '../domain/document.decider.js';
import { ProcessingProgress } from '../processing/processing-progress.js';
import { DocumentEntity, type DocumentRecord } from './document.entity.js';

/** What a document's uploader is called once their account is gone. */
const DELETED_USER_NAME = 'Deleted user';

export const DEFAULT_PAGE_SIZE = 20;

export const ONLY_YOUR_DOCUMENTS: Record<Exclude<DocumentAction, 'read'>, string> = {
  update: 'You can only change documents you uploaded',
  delete: 'You can only delete documents you uploaded',
  reprocess: 'You can only reprocess documents you uploaded',
};

const SORT_COLUMNS = {
  name: 'name',
  type: 'type',
  size: 'sizeBytes',
  status: 'status',
  chunks: 'chunks',
  uploadedAt: 'uploadedAt',
  processedAt: 'processedAt',
} as const;

/** The documents table as the API shows it, limited to what the caller may read. */
@Injectable()
export class DocumentViews {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly progress: ProcessingProgress,
  ) {}

  /** The document, or not-found when it does not exist or the caller may not read it. */
  async find(documentId: string, principal: Principal): Promise<DocumentRecord> {
    const record = await this.orm.em
      .fork()
      .findOne(DocumentEntity, { $and: [{ id: documentId }, documentAccessFilter(principal, 'read')] });
    if (!record) throw new DomainError('not-found', DOCUMENT_NOT_FOUND);
    return record;
  }

  /**
   * The document, if the caller may do `action` to it: not-found when they may not even
   * read it (its existence stays hidden), forbidden when they may read it but not this.
   */
  async findFor(
    documentId: string,
    principal: Principal,
    action: Exclude<DocumentAction, 'read'>,
  ): Promise<DocumentRecord> {
    const record = await this.find(documentId, principal);
    if (!canActOnDocument(principal, action, record)) throw new DomainError('forbidden', ONLY_YOUR_DOCUMENTS[action]);
    return record;
  }

  /** The views of those of the documents the caller may read, by id. */
  async viewsOf(documentIds: string[], principal: Principal): Promise<Map<string, DocumentView>> {
    if (documentIds.length === 0) return new Map();
    const records = await this.orm.em
      .fork()
      .find(DocumentEntity, { $and: [{ id: { $in: documentIds } }, documentAccessFilter(principal, 'read')] });
    return new Map((await this.toViews(records)).map((view) => [view.id, view]));
  }

  async view(documentId: string, principal: Principal): Promise<DocumentView> {
    return (await this.toViews([await this.find(documentId, principal)]))[0]!;
  }

  /** The view of a document whoever asks; null once it is gone. For pushes, which are routed by access separately. */
  async viewForSystem(documentId: string): Promise<DocumentView | null> {
    // One statement with the uploader's name: pushes load a view on nearly every change of
    // every document being processed, while the database is busiest.
    const em = this.orm.em.fork();
    const [row] = await em.execute<(Record<string, unknown> & { uploader_name: string | null })[]>(
      `select d.*, u.name as uploader_name from documents d left join users u on u.id = d.uploaded_by where d.id = ?`,
      [documentId],
    );
    if (!row) return null;
    const { uploader_name: uploaderName, ...document } = row;
    return this.toView(em.map(DocumentEntity, document), uploaderName ?? DELETED_USER_NAME);
  }

  async list(query: DocumentListQuery, principal: Principal): Promise<DocumentListResponse> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    const sort = SORT_COLUMNS[query.sort ?? 'uploadedAt'];
    const order = query.order ?? (query.sort ? 'asc' : 'desc');
    const [records, total] = await this.orm.em
      .fork()
      .findAndCount(
        DocumentEntity,
        { $and: [documentAccessFilter(principal, 'read'), ...filtersOf(query)] },
        { orderBy: [{ [sort]: order }, { id: 'asc' }], limit: pageSize, offset: (page - 1) * pageSize },
      );
    return { success: true, documents: await this.toViews(records), total, page, pageSize };
  }

  async stats(principal: Principal): Promise<DocumentStats> {
    const parameters: unknown[] = [];
    const readable = documentAccessSql(principal, 'read', { alias: 'documents', bind: bindInOrder(parameters) });
    const [row] = await this.orm.em.fork().execute<Record<keyof DocumentStats, string | number | null>[]>(
      `select count(*) as "totalDocuments",
              count(*) filter (where status = 'processed') as "processed",
              count(*) filter (where status in ('uploading', 'indexing', 'processing')) as "processing",
              count(*) filter (where status = 'failed') as "failed",
              coalesce(sum(size_bytes), 0) as "totalSize",
              coalesce(sum(chunks), 0) as "totalChunks"
       from documents
       where ${readable}`,
      parameters,
    );
    return {
      totalDocuments: Number(row?.totalDocuments ?? 0),
      processed: Number(row?.processed ?? 0),
      processing: Number(row?.processing ?? 0),
      failed: Number(row?.failed ?? 0),
      totalSize: Number(row?.totalSize ?? 0),
      totalChunks: Number(row?.totalChunks ?? 0),
    };
  }

  private async toViews(records: DocumentRecord[]): Promise<DocumentView[]> {
    const uploaderIds = [...new Set(records.map((record) => record.uploadedBy))];
    const uploaders = uploaderIds.length
      ? await this.orm.em.fork().find(UserEntity, { id: { $in: uploaderIds } }, { fields: ['id', 'name'] })
      : [];
    const names = new Map(uploaders.map((user) => [user.id, user.name]));
    return records.map((record) => this.toView(record, names.get(record.uploadedBy) ?? DELETED_USER_NAME));
  }

  private toView(record: DocumentRecord, uploaderName: string): DocumentView {
    const status = record.status as DocumentStatus;
    const inProgress = status === 'indexing' || status === 'processing';
    return {
      id: record.id,
      name: record.name,
      type: record.type as DocumentType,
      size: formatFileSize(record.sizeBytes),
      sizeBytes: record.sizeBytes,
      status,
      uploadedAt: record.uploadedAt.toISOString(),
      processedAt: record.processedAt?.toISOString() ?? null,
      chunks: record.chunks,
      vectorized: record.vectorized,
      uploadedBy: { id: record.uploadedBy, name: uploaderName },
      progress: inProgress ? this.progress.of(record.id) : null,
      failureReason: record.failureReason ?? null,
      metadata: {
        pages: record.pages ?? null,
        words: record.words ?? null,
        language: record.language ?? null,
        contentType: record.contentType,
        category: record.category ?? null,
        tags: record.tags,
        accessLevel: record.accessLevel as AccessLevel,
      },
    };
  }
}

function filtersOf(query: DocumentListQuery): FilterQuery<DocumentRecord>[] {
  const filters: FilterQuery<DocumentRecord>[] = [];
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    filters.push({ $or: [{ name: { $ilike: pattern } }, { type: { $ilike: pattern } }] });
  }
  if (query.status?.length) filters.push({ status: { $in: query.status } });
  if (query.fileTypes?.length) filters.push({ type: { $in: query.fileTypes } });
  if (query.dateFrom) filters.push({ uploadedAt: { $gte: startOf(query.dateFrom) } });
  if (query.dateTo)
    filters.push({
      uploadedAt: isDateOnly(query.dateTo) ? { $lt: dayAfter(query.dateTo) } : { $lte: new Date(query.dateTo) },
    });
  if (query.sizeMin !== undefined) filters.push({ sizeBytes: { $gte: query.sizeMin } });
  if (query.sizeMax !== undefined) filters.push({ sizeBytes: { $lte: query.sizeMax } });
  if (query.hasVectors !== undefined) filters.push({ vectorized: query.hasVectors });
  if (query.uploadedBy) filters.push({ uploadedBy: query.uploadedBy });
  return filters;
}

const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const startOf = (value: string) => new Date(isDateOnly(value) ? `${value}T00:00:00.000Z` : value);
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00.000Z`) + 24 * 60 * 60 * 1000);
