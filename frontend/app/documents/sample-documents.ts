import {
  DOCUMENT_CONTENT_TYPES,
  formatFileSize,
  type DocumentStats,
  type DocumentView,
} from '@docent/common/documents';

interface SampleFields extends Pick<
  DocumentView,
  'id' | 'name' | 'type' | 'sizeBytes' | 'status' | 'uploadedAt' | 'processedAt' | 'chunks' | 'vectorized'
> {
  pages: number | null;
  words: number | null;
  failureReason?: string;
}

function sample({ pages, words, failureReason, ...fields }: SampleFields): DocumentView {
  return {
    ...fields,
    size: formatFileSize(fields.sizeBytes),
    uploadedBy: { id: 'sample-user', name: 'Sample user' },
    progress: null,
    failureReason: failureReason ?? null,
    metadata: {
      pages,
      words,
      language: pages === null ? null : 'eng',
      contentType: DOCUMENT_CONTENT_TYPES[fields.type],
      category: null,
      tags: [],
      accessLevel: 'shared',
    },
  };
}

/**
 * What the page shows when the server cannot be reached (spec section 8): a few
 * sample rows, always labelled as samples and offered read-only. Fixed dates, so the
 * server's render and the browser's agree.
 */
export const SAMPLE_DOCUMENTS: readonly DocumentView[] = [
  sample({
    id: 'sample-1',
    name: 'Quarterly report.pdf',
    type: 'PDF',
    sizeBytes: 2_516_582,
    status: 'processed',
    uploadedAt: '2025-01-15T10:30:00.000Z',
    processedAt: '2025-01-15T10:31:12.000Z',
    chunks: 48,
    vectorized: true,
    pages: 24,
    words: 9_850,
  }),
  sample({
    id: 'sample-2',
    name: 'Onboarding guide.docx',
    type: 'DOCX',
    sizeBytes: 870_400,
    status: 'processed',
    uploadedAt: '2025-01-14T08:05:00.000Z',
    processedAt: '2025-01-14T08:05:40.000Z',
    chunks: 17,
    vectorized: true,
    pages: 9,
    words: 3_420,
  }),
  sample({
    id: 'sample-3',
    name: 'Sales figures.xlsx',
    type: 'XLSX',
    sizeBytes: 1_258_291,
    status: 'processing',
    uploadedAt: '2025-01-16T14:20:00.000Z',
    processedAt: null,
    chunks: 0,
    vectorized: false,
    pages: null,
    words: null,
  }),
  sample({
    id: 'sample-4',
    name: 'Release notes.md',
    type: 'MD',
    sizeBytes: 12_288,
    status: 'failed',
    uploadedAt: '2025-01-13T16:45:00.000Z',
    processedAt: null,
    chunks: 0,
    vectorized: false,
    pages: null,
    words: null,
    failureReason: 'Sample failure: the file could not be parsed',
  }),
];

/** The sample stats are counted from the sample rows, so the two never disagree. */
export const SAMPLE_STATS: DocumentStats = {
  totalDocuments: SAMPLE_DOCUMENTS.length,
  processed: SAMPLE_DOCUMENTS.filter((document) => document.status === 'processed').length,
  processing: SAMPLE_DOCUMENTS.filter((document) => ['uploading', 'indexing', 'processing'].includes(document.status))
    .length,
  failed: SAMPLE_DOCUMENTS.filter((document) => document.status === 'failed').length,
  totalSize: SAMPLE_DOCUMENTS.reduce((sum, document) => sum + document.sizeBytes, 0),
  totalChunks: SAMPLE_DOCUMENTS.reduce((sum, document) => sum + document.chunks, 0),
};
