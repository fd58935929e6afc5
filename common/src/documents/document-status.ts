/** The spec's document status values (section 4), in lifecycle order. */
export const DOCUMENT_STATUSES = ['uploading', 'indexing', 'processing', 'processed', 'failed'] as const;

export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** The labels the spec shows on status badges. */
export const DOCUMENT_STATUS_LABELS = {
  uploading: 'Uploading',
  indexing: 'Indexing',
  processing: 'Processing',
  processed: 'Processed',
  failed: 'Failed',
} as const satisfies Record<DocumentStatus, string>;
