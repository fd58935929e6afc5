import type { DocumentStatus } from './document-status.js';
import type { DocumentProgress } from './document-lifecycle.machine.js';

/** The spec's document types, decided by content, never by file name. */
export const DOCUMENT_TYPES = ['PDF', 'DOCX', 'XLSX', 'MD', 'PPTX', 'TXT'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The MIME type each document type is stored and downloaded with. */
export const DOCUMENT_CONTENT_TYPES: Readonly<Record<DocumentType, string>> = {
  PDF: 'application/pdf',
  DOCX: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  PPTX: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  MD: 'text/markdown',
  TXT: 'text/plain',
};

/** The spec's upload limits (sections 5 and 9). */
export const MAX_FILES_PER_UPLOAD = 5;
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/**
 * Who may read a document: everyone with documents:read (shared), or only the person
 * who uploaded it and roles that manage all documents (private). The access policy in
 * permissions/ decides it, for search and chat too.
 */
export const ACCESS_LEVELS = ['shared', 'private'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** The spec's Document metadata, without extractedText: GET /api/documents/{id}/preview pages through that. */
export interface DocumentMetadataView {
  pages: number | null;
  words: number | null;
  /** ISO 639-3 code of the main language; 'und' when it cannot be told; null before parsing. */
  language: string | null;
  contentType: string;
  category: string | null;
  tags: string[];
  accessLevel: AccessLevel;
}

/** The spec's Document as GET /api/documents lists it. Times are ISO 8601. */
export interface DocumentView {
  id: string;
  name: string;
  type: DocumentType;
  /** Human-readable, e.g. '2.4 MB'. */
  size: string;
  sizeBytes: number;
  status: DocumentStatus;
  uploadedAt: string;
  processedAt: string | null;
  chunks: number;
  /** True when every chunk has an embedding, so semantic search covers the document. */
  vectorized: boolean;
  uploadedBy: { id: string; name: string };
  /** The pipeline's stage and percent while indexing or processing; null otherwise. */
  progress: DocumentProgress | null;
  /** Why processing failed, readable by the user; null unless failed. */
  failureReason: string | null;
  metadata: DocumentMetadataView;
}

/** GET /api/documents/stats. totalSize is in bytes; processing counts uploading, indexing and processing. */
export interface DocumentStats {
  totalDocuments: number;
  processed: number;
  processing: number;
  failed: number;
  totalSize: number;
  totalChunks: number;
}

export const DOCUMENT_SORT_FIELDS = ['name', 'type', 'size', 'status', 'chunks', 'uploadedAt', 'processedAt'] as const;
export type DocumentSortField = (typeof DOCUMENT_SORT_FIELDS)[number];

/**
 * The spec's Document filter as GET /api/documents query parameters. Lists are
 * comma-separated; dates are ISO dates or times (the range is inclusive: a bare
 * `dateTo` date covers that whole day); sizes are bytes.
 */
export interface DocumentListQuery {
  search?: string;
  status?: DocumentStatus[];
  fileTypes?: DocumentType[];
  dateFrom?: string;
  dateTo?: string;
  sizeMin?: number;
  sizeMax?: number;
  hasVectors?: boolean;
  uploadedBy?: string;
  page?: number;
  /** 1 to 100, default 20. */
  pageSize?: number;
  sort?: DocumentSortField;
  order?: 'asc' | 'desc';
}

export interface DocumentListResponse {
  success: true;
  documents: DocumentView[];
  total: number;
  page: number;
  pageSize: number;
}

/** One file's outcome in POST /api/documents/upload: a bad file never fails the others. */
export type UploadFileResult =
  | { fileName: string; success: true; document: DocumentView }
  | { fileName: string; success: false; status: number; error: string };

/**
 * POST /api/documents/upload. 201 when at least one file was accepted; otherwise the
 * status of the first failure (400, 413 or 415) with `error` explaining it.
 */
export interface UploadResponse {
  success: boolean;
  documents: DocumentView[];
  results: UploadFileResult[];
  error?: string;
}

/** GET /api/documents/{id}/preview: the extracted text, a page of characters at a time. */
export interface DocumentPreview {
  success: true;
  documentId: string;
  name: string;
  text: string;
  /** 1-based. */
  page: number;
  pageCount: number;
  totalCharacters: number;
}

/** GET and PUT /api/documents/{id}/metadata: the spec's "id plus free fields". */
export interface DocumentUserMetadata {
  id: string;
  category?: string | null;
  tags?: string[];
  accessLevel?: AccessLevel;
  [field: string]: unknown;
}

/** What the documents channel of /ws carries, as the payload of the 'documents' event. */
export type DocumentRealtimeMessage =
  | {
      kind: 'changed';
      /** What happened: a new upload, a status change, progress within a status, new metadata. */
      cause: 'uploaded' | 'status' | 'progress' | 'metadata';
      document: DocumentView;
      at: string;
    }
  | { kind: 'deleted'; documentId: string; name: string; at: string };

/** '2.4 MB': bytes in the largest unit that keeps the number at least 1, one decimal above bytes. */
export function formatFileSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}
