import {
  DOCUMENT_STATUS_LABELS,
  nextDocumentStatus,
  type DocumentLifecycleEvent,
  type DocumentStatus,
} from '@docent/common/documents';
import { DomainError } from '../../common/domain-error.js';
import type { Decider } from '../../event-store/decider.js';
import { assertNever, type DomainEvent, type DomainEventMap } from '../../event-store/domain-event.js';
import {
  DOCUMENT_STREAM_TYPE,
  type DocumentEventType,
  type DocumentUserMetadataFields,
  type StoredAccessLevel,
} from './document.events.js';

export interface DocumentState {
  exists: boolean;
  deleted: boolean;
  status: DocumentStatus;
  name: string;
  uploadedBy: string;
  accessLevel: StoredAccessLevel;
  sha256: string;
}

export const DOCUMENT_NOT_FOUND = 'Document not found';
const DOCUMENT_EXISTS = 'This document already exists';
const ONLY_PROCESSED_HAVE_VECTORS = 'Only processed documents have vectors to rebuild';

export type DocumentCommand =
  | { type: 'Upload'; upload: DomainEventMap['DocumentUploaded'] }
  | ({ type: 'RecordParsed' } & DomainEventMap['DocumentParsed'])
  | ({ type: 'RecordProcessed' } & DomainEventMap['DocumentProcessed'])
  | { type: 'RecordFailure'; reason: string }
  | { type: 'RequestReprocess' }
  | { type: 'RecordVectorsRebuilt'; vectorized: boolean; embeddingModel: string | null }
  | { type: 'UpdateMetadata'; metadata: DocumentUserMetadataFields }
  | { type: 'Delete' };

/** Which statechart event each status-changing document event is; the shared statechart decides whether it may happen. */
const LIFECYCLE_EVENT = {
  DocumentUploaded: { type: 'UPLOAD_STORED' },
  DocumentParsed: { type: 'PROCESSING_STARTED' },
  DocumentProcessed: { type: 'PROCESSING_SUCCEEDED' },
  DocumentReprocessRequested: { type: 'REPROCESS_REQUESTED' },
} as const satisfies Record<string, DocumentLifecycleEvent>;

export type DocumentEvent = DomainEvent<DocumentEventType>;

function decide(command: DocumentCommand, state: DocumentState): DocumentEvent[] {
  if (command.type === 'Upload') {
    if (state.exists) throw new DomainError('conflict', DOCUMENT_EXISTS);
    return [{ type: 'DocumentUploaded', data: command.upload }];
  }
  if (!state.exists || state.deleted) throw new DomainError('not-found', DOCUMENT_NOT_FOUND);
  switch (command.type) {
    case 'RecordParsed': {
      const { type: _type, ...data } = command;
      requireTransition(state, LIFECYCLE_EVENT.DocumentParsed);
      return [{ type: 'DocumentParsed', data }];
    }
    case 'RecordProcessed': {
      const { type: _type, ...data } = command;
      requireTransition(state, LIFECYCLE_EVENT.DocumentProcessed);
      return [{ type: 'DocumentProcessed', data }];
    }
    case 'RecordFailure':
      requireTransition(state, { type: 'PROCESSING_FAILED', reason: command.reason });
      return [{ type: 'DocumentProcessingFailed', data: { reason: command.reason } }];
    case 'RequestReprocess':
      if (!nextDocumentStatus(state.status, LIFECYCLE_EVENT.DocumentReprocessRequested)) {
        throw new DomainError(
          'conflict',
          `Only failed documents can be reprocessed; this one is ${DOCUMENT_STATUS_LABELS[state.status]}`,
        );
      }
      return [{ type: 'DocumentReprocessRequested', data: {} }];
    case 'RecordVectorsRebuilt':
      if (state.status !== 'processed') throw new DomainError('conflict', ONLY_PROCESSED_HAVE_VECTORS);
      return [
        {
          type: 'DocumentVectorsRebuilt',
          data: { vectorized: command.vectorized, embeddingModel: command.embeddingModel },
        },
      ];
    case 'UpdateMetadata':
      return [{ type: 'DocumentMetadataUpdated', data: { metadata: command.metadata } }];
    case 'Delete':
      return [{ type: 'DocumentDeleted', data: { name: state.name } }];
    default:
      return assertNever(command);
  }
}

function requireTransition(state: DocumentState, event: DocumentLifecycleEvent): void {
  if (!nextDocumentStatus(state.status, event)) {
    throw new DomainError('conflict', `A ${DOCUMENT_STATUS_LABELS[state.status]} document cannot take ${event.type}`);
  }
}

function evolve(state: DocumentState, event: DocumentEvent): DocumentState {
  switch (event.type) {
    case 'DocumentUploaded':
      return {
        ...state,
        exists: true,
        status: advance(state.status, LIFECYCLE_EVENT.DocumentUploaded),
        name: event.data.name,
        uploadedBy: event.data.uploadedBy,
        accessLevel: event.data.accessLevel,
        sha256: event.data.sha256,
      };
    case 'DocumentParsed':
      return { ...state, status: advance(state.status, LIFECYCLE_EVENT.DocumentParsed) };
    case 'DocumentProcessed':
      return { ...state, status: advance(state.status, LIFECYCLE_EVENT.DocumentProcessed) };
    case 'DocumentProcessingFailed':
      return { ...state, status: 'failed' };
    case 'DocumentReprocessRequested':
      return { ...state, status: advance(state.status, LIFECYCLE_EVENT.DocumentReprocessRequested) };
    case 'DocumentVectorsRebuilt':
      return state;
    case 'DocumentMetadataUpdated':
      return { ...state, accessLevel: event.data.metadata.accessLevel ?? state.accessLevel };
    case 'DocumentDeleted':
      return { ...state, deleted: true };
    default:
      return assertNever(event);
  }
}

/** Recorded events were allowed when appended, so the statechart always has a next status for them. */
function advance(status: DocumentStatus, event: DocumentLifecycleEvent): DocumentStatus {
  return nextDocumentStatus(status, event) ?? status;
}

/**
 * A document's life: uploaded, parsed, processed or failed, reprocessed when failed, its
 * metadata changed, its vectors rebuilt, deleted. Which status may follow which is the
 * shared statechart's to say (common/src/documents).
 */
export const documentDecider: Decider<DocumentCommand, DocumentEvent, DocumentState> = {
  streamType: DOCUMENT_STREAM_TYPE,
  initialState: () => ({
    exists: false,
    deleted: false,
    status: 'uploading',
    name: '',
    uploadedBy: '',
    accessLevel: 'shared',
    sha256: '',
  }),
  decide,
  evolve,
};
