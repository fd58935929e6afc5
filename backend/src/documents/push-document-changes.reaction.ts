import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { DocumentRealtimeMessage, DocumentView } from '@docent/common/documents';
import { canActOnDocument, type DocumentAccessFields } from '@docent/common/permissions';
import { asyncScheduler, groupBy, mergeMap, throttleTime, type Subscription } from 'rxjs';
import { Decisions } from '../event-store/decisions.service.js';
import type { RecordedEvent } from '../event-store/domain-event.js';
import { Reaction, type ReactionHandler } from '../reactions/reaction.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { documentDecider } from './domain/document.decider.js';
import { DOCUMENT_EVENT_TYPES, documentIdOf, type DocumentEventType } from './domain/document.events.js';
import { ProcessingProgress } from './processing/processing-progress.js';
import { DocumentViews } from './read-model/document-views.js';

/** Progress pushes per document at most this often; status changes are never held back. */
const PROGRESS_INTERVAL_MS = 250;

const CAUSES: Record<Exclude<DocumentEventType, 'DocumentDeleted'>, 'uploaded' | 'status' | 'metadata'> = {
  DocumentUploaded: 'uploaded',
  DocumentParsed: 'status',
  DocumentProcessed: 'status',
  DocumentProcessingFailed: 'status',
  DocumentReprocessRequested: 'status',
  DocumentVectorsRebuilt: 'status',
  DocumentMetadataUpdated: 'metadata',
};

/**
 * Pushes every change of a document to the documents channel of /ws: its recorded events
 * (those of every process sharing the database, each pushed by every process to its own
 * sockets) and this process's processing progress. Each subscribed socket receives it only
 * if the access policy lets its principal read the document.
 */
@Reaction({ name: 'push-document-changes', events: DOCUMENT_EVENT_TYPES, delivery: 'every-process' })
@Injectable()
export class PushDocumentChangesReaction implements ReactionHandler<DocumentEventType>, OnModuleInit, OnModuleDestroy {
  private progressSubscription?: Subscription;
  /** The last view loaded of each document being processed. */
  private readonly viewsInProgress = new Map<string, DocumentView>();

  constructor(
    private readonly realtime: RealtimeService,
    private readonly views: DocumentViews,
    private readonly decisions: Decisions,
    private readonly progress: ProcessingProgress,
  ) {}

  onModuleInit(): void {
    this.progressSubscription = this.progress.changed$
      .pipe(
        groupBy((documentId) => documentId),
        mergeMap((changes) =>
          changes.pipe(throttleTime(PROGRESS_INTERVAL_MS, asyncScheduler, { leading: true, trailing: true })),
        ),
        mergeMap((documentId) => this.pushChanged(documentId, 'progress', new Date())),
      )
      .subscribe();
  }

  onModuleDestroy(): void {
    this.progressSubscription?.unsubscribe();
  }

  async react(event: RecordedEvent<DocumentEventType>): Promise<void> {
    const documentId = documentIdOf(event.streamId);
    if (event.type === 'DocumentDeleted') {
      this.viewsInProgress.delete(documentId);
      if (!this.watched()) return;
      const { state } = await this.decisions.load(documentDecider, event.streamId);
      await this.send(state, {
        kind: 'deleted',
        documentId,
        name: event.data.name,
        at: event.occurredAt.toISOString(),
      });
      return;
    }
    await this.pushChanged(documentId, CAUSES[event.type], event.occurredAt);
  }

  private async pushChanged(
    documentId: string,
    cause: 'uploaded' | 'status' | 'progress' | 'metadata',
    at: Date,
  ): Promise<void> {
    if (!this.watched()) {
      if (cause !== 'progress') this.viewsInProgress.delete(documentId);
      return;
    }
    const document = cause === 'progress' ? await this.withProgress(documentId) : await this.loadView(documentId);
    // A throttled progress push can arrive after the run ended; the status push already said so.
    if (!document || (cause === 'progress' && document.progress === null)) return;
    await this.send(
      { accessLevel: document.metadata.accessLevel, uploadedBy: document.uploadedBy.id },
      {
        kind: 'changed',
        cause,
        document,
        at: at.toISOString(),
      },
    );
  }

  /**
   * Progress comes many times a second while the database is busiest indexing: it is
   * pushed on the view last loaded, asking the database only when there is none yet.
   */
  private async withProgress(documentId: string): Promise<DocumentView | null> {
    // The throttled push that trails a run often comes after it ended: nothing to load then.
    if (this.progress.of(documentId) === null) return null;
    const view = this.viewsInProgress.get(documentId) ?? (await this.loadView(documentId));
    return view ? { ...view, progress: this.progress.of(documentId) } : null;
  }

  private async loadView(documentId: string): Promise<DocumentView | null> {
    const view = await this.views.viewForSystem(documentId).catch(() => null);
    if (view && (view.status === 'indexing' || view.status === 'processing'))
      this.viewsInProgress.set(documentId, view);
    else this.viewsInProgress.delete(documentId);
    return view;
  }

  /**
   * Whether any socket of this process follows the documents channel: a bulk upload through
   * the API with nobody watching then loads no views (two statements for each of a document's
   * five or so changes).
   */
  private watched(): boolean {
    return this.realtime.subscriberCount('documents') > 0;
  }

  private send(document: DocumentAccessFields, message: DocumentRealtimeMessage): Promise<void> {
    return this.realtime.publishTo('documents', message, (principal) => canActOnDocument(principal, 'read', document));
  }
}
