/**
 * The stored shapes of the document stream's events, declared here rather than borrowed
 * from the API's types (common/), so that no change to the API changes what is stored.
 */

/** Who may read a document: everyone who reads documents, or its uploader (and those managing all documents). */
export type StoredAccessLevel = 'shared' | 'private';
export type StoredDocumentType = 'PDF' | 'DOCX' | 'XLSX' | 'MD' | 'PPTX' | 'TXT';

/** What a user may attach to a document (GET/PUT /api/documents/{id}/metadata): known fields plus free ones. */
export interface DocumentUserMetadataFields {
  category?: string | null;
  tags?: string[];
  accessLevel?: StoredAccessLevel;
  [field: string]: unknown;
}

declare module '../../event-store/domain-event.js' {
  interface DomainEventMap {
    /** The original is stored (content-addressed by sha256) and the document waits to be indexed. */
    DocumentUploaded: {
      documentId: string;
      name: string;
      type: StoredDocumentType;
      contentType: string;
      sizeBytes: number;
      sha256: string;
      uploadedBy: string;
      accessLevel: StoredAccessLevel;
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

export type DocumentEventType = (typeof DOCUMENT_EVENT_TYPES)[number];
