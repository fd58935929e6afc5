import { describe, it } from '@jest/globals';
import { specFor } from '../../testing/decider-specification.js';
import { documentDecider, type DocumentEvent, type DocumentState } from './document.decider.js';

const upload = {
  documentId: '6f1c3d2a-0000-4000-8000-000000000001',
  name: 'report.pdf',
  type: 'PDF',
  contentType: 'application/pdf',
  sizeBytes: 1024,
  sha256: 'a'.repeat(64),
  uploadedBy: '6f1c3d2a-0000-4000-8000-0000000000aa',
  accessLevel: 'shared',
} as const;
const parse = { pages: 3, words: 120, language: 'eng', characters: 700 };
const processing = { chunks: 4, vectorized: true, embeddingModel: 'mini', embeddingError: null };

const uploaded: DocumentEvent = { type: 'DocumentUploaded', data: upload };
const parsed: DocumentEvent = { type: 'DocumentParsed', data: parse };
const processed: DocumentEvent = { type: 'DocumentProcessed', data: processing };
const failed: DocumentEvent = { type: 'DocumentProcessingFailed', data: { reason: 'No text could be extracted' } };
const reprocessRequested: DocumentEvent = { type: 'DocumentReprocessRequested', data: {} };
const deleted: DocumentEvent = { type: 'DocumentDeleted', data: { name: 'report.pdf' } };

const spec = specFor(documentDecider);

/** The uploaded document's state, with these fields changed. */
const stateOfUpload = (changes: Partial<DocumentState> = {}): DocumentState => ({
  exists: true,
  deleted: false,
  status: 'indexing',
  name: 'report.pdf',
  uploadedBy: upload.uploadedBy,
  accessLevel: 'shared',
  sha256: upload.sha256,
  ...changes,
});

describe('the document decider', () => {
  describe('upload', () => {
    it('records a new document waiting to be indexed', () => {
      spec
        .given([])
        .when({ type: 'Upload', upload })
        .then([{ type: 'DocumentUploaded', data: upload }]);
      spec.given([uploaded]).thenState(stateOfUpload());
    });

    it('refuses to record the same document twice', () => {
      spec.given([uploaded]).when({ type: 'Upload', upload }).thenThrows('This document already exists');
    });
  });

  describe('processing', () => {
    it('records the parse of an indexing document, which makes it processing', () => {
      spec
        .given([uploaded])
        .when({ type: 'RecordParsed', ...parse })
        .then([{ type: 'DocumentParsed', data: parse }]);
      spec.given([uploaded, parsed]).thenState(stateOfUpload({ status: 'processing' }));
    });

    it('records a processing document processed', () => {
      spec
        .given([uploaded, parsed])
        .when({ type: 'RecordProcessed', ...processing })
        .then([{ type: 'DocumentProcessed', data: processing }]);
      spec.given([uploaded, parsed, processed]).thenState(stateOfUpload({ status: 'processed' }));
    });

    it('refuses a step the statechart does not allow from the current status', () => {
      spec
        .given([uploaded])
        .when({ type: 'RecordProcessed', ...processing })
        .thenThrows('A Indexing document cannot take PROCESSING_SUCCEEDED');
      spec
        .given([uploaded, parsed, processed])
        .when({ type: 'RecordParsed', ...parse })
        .thenThrows('A Processed document cannot take PROCESSING_STARTED');
    });

    it('records a failure while indexing or processing, with its reason', () => {
      for (const before of [[uploaded], [uploaded, parsed]]) {
        spec
          .given(before)
          .when({ type: 'RecordFailure', reason: 'Parsing took too long' })
          .then([{ type: 'DocumentProcessingFailed', data: { reason: 'Parsing took too long' } }]);
      }
      spec.given([uploaded, failed]).thenState(stateOfUpload({ status: 'failed' }));
    });

    it('refuses to fail a document that is already processed', () => {
      spec
        .given([uploaded, parsed, processed])
        .when({ type: 'RecordFailure', reason: 'late' })
        .thenThrows('A Processed document cannot take PROCESSING_FAILED');
    });
  });

  describe('reprocess', () => {
    it('sends a failed document back to indexing', () => {
      spec.given([uploaded, failed]).when({ type: 'RequestReprocess' }).then([reprocessRequested]);
      spec.given([uploaded, failed, reprocessRequested]).thenState(stateOfUpload({ status: 'indexing' }));
    });

    it('refuses any document that has not failed, naming its status', () => {
      spec
        .given([uploaded, parsed, processed])
        .when({ type: 'RequestReprocess' })
        .thenThrows('Only failed documents can be reprocessed; this one is Processed');
      spec
        .given([uploaded])
        .when({ type: 'RequestReprocess' })
        .thenThrows('Only failed documents can be reprocessed; this one is Indexing');
      spec
        .given([uploaded, parsed])
        .when({ type: 'RequestReprocess' })
        .thenThrows('Only failed documents can be reprocessed; this one is Processing');
    });
  });

  describe('metadata', () => {
    it('records the new metadata, who may read the document included', () => {
      const metadata = { category: 'Finance', tags: ['q3'], accessLevel: 'private' as const, owner: 'Ops' };
      spec
        .given([uploaded])
        .when({ type: 'UpdateMetadata', metadata })
        .then([{ type: 'DocumentMetadataUpdated', data: { metadata } }]);
      spec
        .given([uploaded, { type: 'DocumentMetadataUpdated', data: { metadata } }])
        .thenState(stateOfUpload({ accessLevel: 'private' }));
    });

    it('keeps who may read the document when the new metadata does not say', () => {
      spec
        .given([uploaded, { type: 'DocumentMetadataUpdated', data: { metadata: { category: 'Notes' } } }])
        .thenState(stateOfUpload({ accessLevel: 'shared' }));
    });
  });

  describe('vectors rebuilt', () => {
    it('records the rebuild of a processed document', () => {
      spec
        .given([uploaded, parsed, processed])
        .when({ type: 'RecordVectorsRebuilt', vectorized: false, embeddingModel: null })
        .then([{ type: 'DocumentVectorsRebuilt', data: { vectorized: false, embeddingModel: null } }]);
    });

    it('refuses a document that is not processed', () => {
      spec
        .given([uploaded, failed])
        .when({ type: 'RecordVectorsRebuilt', vectorized: true, embeddingModel: 'mini' })
        .thenThrows('Only processed documents have vectors to rebuild');
    });
  });

  describe('delete', () => {
    it('records the deletion with the name the document had', () => {
      spec
        .given([uploaded, parsed])
        .when({ type: 'Delete' })
        .then([{ type: 'DocumentDeleted', data: { name: 'report.pdf' } }]);
      spec.given([uploaded, deleted]).thenState(stateOfUpload({ exists: true, deleted: true }));
    });
  });

  describe('a document that does not exist', () => {
    const commands = [
      { type: 'RecordParsed', ...parse },
      { type: 'RecordProcessed', ...processing },
      { type: 'RecordFailure', reason: 'gone' },
      { type: 'RequestReprocess' },
      { type: 'RecordVectorsRebuilt', vectorized: false, embeddingModel: null },
      { type: 'UpdateMetadata', metadata: { category: 'x' } },
      { type: 'Delete' },
    ] as const;

    it('is not found, whether never uploaded or deleted', () => {
      for (const command of commands) {
        spec.given([]).when(command).thenThrows('Document not found');
        spec.given([uploaded, deleted]).when(command).thenThrows('Document not found');
      }
    });
  });
});
