import type { AccessLevel, DocumentType } from '@docent/common/documents';

/** What a user may attach to a document (GET/PUT /api/documents/{id}/metadata): known fields plus free ones. */
export interface DocumentUserMetadataFields {
  category?: string | null;
  tags?: string[];
  accessLevel?: AccessLevel;
  [field: string]: unknown;
}

declare module '../../event-store/domain-event.js' {
  interface DomainEventMap {
    /** The original is stored (content-addressed by sha256) and the document waits to be indexed. */
    DocumentUploaded: {
      documentId: string;
      name: string;
      type: DocumentType;
      contentType: string;
      sizeBytes: number;
      sha256: string;
      uploadedBy: string;
      accessLevel: AccessLevel;
    };
    /** The text is extracted; chunking and embedding follow. */
    DocumentParsed: { pages: number; words: number; language: string; characters: number };
    DocumentProcessed: {
      chunks: number;
      /** Every chunk has an embedding from `embeddingModel`. */
      vectorized: boolean;
      embeddingModel: string | null;
      /** Why no embeddings were made although a model is configured; the keyword index is complete regardless. */
      embeddingError: string | null;
    };
    DocumentProcessingFailed: { reason: string };
    DocumentReprocessRequested: Record<string, never>;
    /** `npm run reindex` re-embedded the chunks with the current model (or removed embeddings when none is configured). */
    DocumentVectorsRebuilt: { vectorized: boolean; embeddingModel: string | null };
    DocumentMetadataUpdated: { metadata: DocumentUserMetadataFields };
    DocumentDeleted: { name: string };
  }
}

export const DOCUMENT_STREAM_TYPE = 'document';
export const documentStreamId = (documentId: string) => `document-${documentId}`;
export const documentIdOf = (streamId: string) => streamId.slice('document-'.length);

export const DOCUMENT_EVENT_TYPES = [
  'DocumentUploaded',
  'DocumentParsed',
  'DocumentProcessed',
  'DocumentProcessingFailed',
  'DocumentReprocessRequested',
  'DocumentVectorsRebuilt',
  'DocumentMetadataUpdated',
  'DocumentDeleted',
] as const;
