import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '../../event-store/domain-event.js';
import { Reaction, type ReactionHandler } from '../../reactions/reaction.js';
import { documentIdOf } from '../domain/document.events.js';
import { DocumentProcessor } from './document-processor.service.js';

type ProcessingWork = 'DocumentUploaded' | 'DocumentReprocessRequested';

/**
 * Each document uploaded or sent back for reprocessing, by whichever process sharing the
 * database, is processed by one of them. Delivery is at least once; a second delivery
 * queues nothing new, since a document already waiting or running is queued once and a
 * run leaves a document that is no longer indexing or processing alone.
 */
@Reaction({ name: 'document-processing', events: ['DocumentUploaded', 'DocumentReprocessRequested'], delivery: 'once' })
@Injectable()
export class ProcessDocumentReaction implements ReactionHandler<ProcessingWork> {
  constructor(private readonly processor: DocumentProcessor) {}

  react(event: RecordedEvent<ProcessingWork>): void {
    this.processor.enqueue(documentIdOf(event.streamId));
  }
}
