import { createActor } from 'xstate';
import { describe, expect, it } from '@jest/globals';
import {
  DOCUMENT_STATUSES,
  DOCUMENT_STATUS_LABELS,
  canReprocess,
  documentLifecycleMachine,
  nextDocumentStatus,
  type DocumentLifecycleEvent,
  type DocumentStatus,
} from './index.js';

const UPLOAD_STORED = { type: 'UPLOAD_STORED' } as const;
const PROCESSING_STARTED = { type: 'PROCESSING_STARTED' } as const;
const PROGRESS_REPORTED = { type: 'PROGRESS_REPORTED', stage: 'parsing', percent: 40 } as const;
const PROCESSING_SUCCEEDED = { type: 'PROCESSING_SUCCEEDED' } as const;
const PROCESSING_FAILED = { type: 'PROCESSING_FAILED', reason: 'The PDF is encrypted' } as const;
const REPROCESS_REQUESTED = { type: 'REPROCESS_REQUESTED' } as const;

const ALL_EVENTS: readonly DocumentLifecycleEvent[] = [
  UPLOAD_STORED,
  PROCESSING_STARTED,
  PROGRESS_REPORTED,
  PROCESSING_SUCCEEDED,
  PROCESSING_FAILED,
  REPROCESS_REQUESTED,
];

// Written out by hand rather than read from the machine, so changing the machine fails here.
const ALLOWED: ReadonlyArray<readonly [DocumentStatus, DocumentLifecycleEvent, DocumentStatus]> = [
  ['uploading', UPLOAD_STORED, 'indexing'],
  ['uploading', PROCESSING_FAILED, 'failed'],
  ['indexing', PROGRESS_REPORTED, 'indexing'],
  ['indexing', PROCESSING_STARTED, 'processing'],
  ['indexing', PROCESSING_FAILED, 'failed'],
  ['processing', PROGRESS_REPORTED, 'processing'],
  ['processing', PROCESSING_SUCCEEDED, 'processed'],
  ['processing', PROCESSING_FAILED, 'failed'],
  ['failed', REPROCESS_REQUESTED, 'indexing'],
];

const isAllowed = (status: DocumentStatus, event: DocumentLifecycleEvent) =>
  ALLOWED.some(([from, allowed]) => from === status && allowed === event);

const DISALLOWED = DOCUMENT_STATUSES.flatMap((status) =>
  ALL_EVENTS.filter((event) => !isAllowed(status, event)).map((event) => [status, event] as const),
);

describe('document statuses', () => {
  it('lists the spec values in lifecycle order', () => {
    expect(DOCUMENT_STATUSES).toEqual(['uploading', 'indexing', 'processing', 'processed', 'failed']);
  });

  it('labels each status as the spec does', () => {
    expect(DOCUMENT_STATUS_LABELS).toEqual({
      uploading: 'Uploading',
      indexing: 'Indexing',
      processing: 'Processing',
      processed: 'Processed',
      failed: 'Failed',
    });
  });

  it('has exactly one machine state per status', () => {
    expect(Object.keys(documentLifecycleMachine.root.states)).toEqual([...DOCUMENT_STATUSES]);
  });
});

describe('nextDocumentStatus', () => {
  it.each(ALLOWED.map(([from, event, to]) => [from, event.type, to, event] as const))(
    'moves %s on %s to %s',
    (from, _type, to, event) => {
      expect(nextDocumentStatus(from, event)).toBe(to);
    },
  );

  it('covers the examples the API relies on among the disallowed transitions', () => {
    expect(DISALLOWED).toContainEqual(['processed', REPROCESS_REQUESTED]);
    expect(DISALLOWED).toContainEqual(['uploading', PROCESSING_SUCCEEDED]);
  });

  it.each(DISALLOWED.map(([from, event]) => [event.type, from, event] as const))(
    'refuses %s from %s',
    (_type, from, event) => {
      expect(nextDocumentStatus(from, event)).toBeNull();
    },
  );

  it.each([-1, 101, Number.NaN])('refuses progress of %s percent', (percent) => {
    expect(nextDocumentStatus('processing', { ...PROGRESS_REPORTED, percent })).toBeNull();
  });
});

describe('canReprocess', () => {
  it.each(DOCUMENT_STATUSES.map((status) => [status, status === 'failed'] as const))(
    'is %s -> %s',
    (status, expected) => {
      expect(canReprocess(status)).toBe(expected);
    },
  );
});

describe('documentLifecycleMachine', () => {
  it('carries the failure reason while failed and drops it on reprocess', () => {
    const actor = createActor(documentLifecycleMachine).start();
    actor.send(UPLOAD_STORED);
    actor.send(PROCESSING_FAILED);
    expect(actor.getSnapshot().context.failureReason).toBe('The PDF is encrypted');

    actor.send(REPROCESS_REQUESTED);
    expect(actor.getSnapshot().value).toBe('indexing');
    expect(actor.getSnapshot().context.failureReason).toBeNull();
  });

  it('reports progress within a status and starts afresh in the next one', () => {
    const actor = createActor(documentLifecycleMachine).start();
    actor.send(UPLOAD_STORED);
    actor.send({ type: 'PROGRESS_REPORTED', stage: 'parsing', percent: 60 });
    expect(actor.getSnapshot().context.progress).toEqual({ stage: 'parsing', percent: 60 });

    actor.send(PROCESSING_STARTED);
    expect(actor.getSnapshot().context.progress).toBeNull();
  });

  it('ends once processed', () => {
    const actor = createActor(documentLifecycleMachine).start();
    actor.send(UPLOAD_STORED);
    actor.send(PROCESSING_STARTED);
    actor.send(PROCESSING_SUCCEEDED);
    expect(actor.getSnapshot().status).toBe('done');
  });
});
