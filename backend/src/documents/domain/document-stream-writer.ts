import { Injectable } from '@nestjs/common';
import type { EventMetadata } from '../../event-store/domain-event.js';
import { EventStore } from '../../event-store/event-store.service.js';
import { loadAggregate, type LoadedAggregate } from '../../event-store/load-aggregate.js';
import {
  decideDocument,
  evolveDocument,
  initialDocumentState,
  type DocumentCommand,
  type DocumentState,
} from './document.decider.js';
import { DOCUMENT_STREAM_TYPE, documentStreamId } from './document.events.js';

/** Load, decide, append: the one path every change to a document takes. */
@Injectable()
export class DocumentStreamWriter {
  constructor(private readonly eventStore: EventStore) {}

  load(documentId: string): Promise<LoadedAggregate<DocumentState>> {
    return loadAggregate(this.eventStore, documentStreamId(documentId), initialDocumentState, evolveDocument);
  }

  /**
   * Decides the command against the document as it is now and appends the outcome.
   * With `expectedVersion`, the command holds only if nothing changed since that
   * version (a ConcurrencyConflictError otherwise). Returns the new version.
   */
  async execute(
    documentId: string,
    command: DocumentCommand,
    metadata: EventMetadata,
    expectedVersion?: number,
  ): Promise<number> {
    const { state, version } = await this.load(documentId);
    const events = decideDocument(command, state);
    if (events.length === 0) return version;
    await this.eventStore.append(
      {
        streamId: documentStreamId(documentId),
        streamType: DOCUMENT_STREAM_TYPE,
        expectedVersion: expectedVersion ?? version,
        events,
      },
      metadata,
    );
    return (expectedVersion ?? version) + events.length;
  }
}
