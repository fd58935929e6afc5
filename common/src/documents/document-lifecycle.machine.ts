import { assign, setup, transition } from 'xstate';
import type { DocumentStatus } from './document-status.js';

export interface DocumentProgress {
  /** A step inside the current status, named by the pipeline (e.g. 'parsing', 'embedding'). */
  stage: string;
  percent: number;
}

export interface DocumentLifecycleContext {
  /** The readable reason a failed document shows; null unless failed. */
  failureReason: string | null;
  /** Progress within the current status; null until the pipeline reports any. */
  progress: DocumentProgress | null;
}

export type DocumentLifecycleEvent =
  | { type: 'UPLOAD_STORED' }
  | { type: 'PROCESSING_STARTED' }
  | ({ type: 'PROGRESS_REPORTED' } & DocumentProgress)
  | { type: 'PROCESSING_SUCCEEDED' }
  | { type: 'PROCESSING_FAILED'; reason: string }
  | { type: 'REPROCESS_REQUESTED' };

const INITIAL_CONTEXT: DocumentLifecycleContext = { failureReason: null, progress: null };

/**
 * The document statechart shared by the backend (which validates transitions with
 * {@link nextDocumentStatus}) and the frontend (which runs it per document row).
 * State names are exactly the {@link DocumentStatus} values.
 */
export const documentLifecycleMachine = setup({
  types: {
    context: {} as DocumentLifecycleContext,
    events: {} as DocumentLifecycleEvent,
  },
  actions: {
    recordProgress: assign({
      progress: ({ event }) => {
        if (event.type !== 'PROGRESS_REPORTED') return null;
        return { stage: event.stage, percent: event.percent };
      },
    }),
    // Each status reports its own progress, so a new status starts from none.
    resetProgress: assign({ progress: null }),
    recordFailure: assign({
      failureReason: ({ event }) => (event.type === 'PROCESSING_FAILED' ? event.reason : null),
      progress: null,
    }),
    clearFailure: assign({ failureReason: null }),
  },
  guards: {
    isPercentWithinRange: ({ event }) =>
      event.type === 'PROGRESS_REPORTED' && event.percent >= 0 && event.percent <= 100,
  },
}).createMachine({
  id: 'documentLifecycle',
  initial: 'uploading',
  context: INITIAL_CONTEXT,
  states: {
    uploading: {
      on: {
        UPLOAD_STORED: { target: 'indexing' },
        PROCESSING_FAILED: { target: 'failed', actions: 'recordFailure' },
      },
    },
    indexing: {
      entry: 'resetProgress',
      on: {
        PROGRESS_REPORTED: { guard: 'isPercentWithinRange', actions: 'recordProgress' },
        PROCESSING_STARTED: { target: 'processing' },
        PROCESSING_FAILED: { target: 'failed', actions: 'recordFailure' },
      },
    },
    processing: {
      entry: 'resetProgress',
      on: {
        PROGRESS_REPORTED: { guard: 'isPercentWithinRange', actions: 'recordProgress' },
        PROCESSING_SUCCEEDED: { target: 'processed' },
        PROCESSING_FAILED: { target: 'failed', actions: 'recordFailure' },
      },
    },
    // Final: a processed document is never reprocessed (the API answers 409).
    processed: { type: 'final' },
    failed: {
      on: {
        REPROCESS_REQUESTED: { target: 'indexing', actions: 'clearFailure' },
      },
    },
  },
});

/**
 * The status a document in `status` moves to on `event`, or null when the
 * statechart does not allow that event there. Pure: no actor is started, so the
 * backend decider can call it on every command.
 */
export function nextDocumentStatus(status: DocumentStatus, event: DocumentLifecycleEvent): DocumentStatus | null {
  // Transitions do not depend on context, so the initial context stands in for the stored one.
  const snapshot = documentLifecycleMachine.resolveState({ value: status, context: INITIAL_CONTEXT });
  if (!snapshot.can(event)) return null;
  const [next] = transition(documentLifecycleMachine, snapshot, event);
  return next.value;
}

/** Whether the spec's Reprocess action is offered: only failed documents. */
export function canReprocess(status: DocumentStatus): boolean {
  return nextDocumentStatus(status, { type: 'REPROCESS_REQUESTED' }) !== null;
}
