import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { EventBus, ofType } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/sql';
import { availableParallelism } from 'node:os';
import { buffer } from 'node:stream/consumers';
import { filter, type Subscription } from 'rxjs';
import { EMBEDDING_PROVIDER, type EmbeddingProvider } from '../../embeddings/embedding-provider.js';
import { ConcurrencyConflictError } from '../../event-store/concurrency-conflict.error.js';
import type { EventMetadata } from '../../event-store/domain-event.js';
import { RecordedDomainEvent } from '../../event-store/recorded-domain-event.js';
import { DocumentStreamWriter } from '../domain/document-stream-writer.js';
import { documentIdOf } from '../domain/document.events.js';
import { ChunkIndex, type ChunkEmbeddings } from '../indexing/chunk-index.js';
import type { IndexableChunk } from '../indexing/postings.js';
import { closeParseWorkers, prepareDocument } from '../parsing/parse-document.js';
import { DocumentEntity } from '../read-model/document.entity.js';
import { Originals } from '../storage/originals.js';
import { FILE_STORE, FileNotFoundError, type FileStore } from '../storage/file-store.js';
import { ProcessingProgress } from './processing-progress.js';

export const NO_TEXT_FOUND = 'No text could be extracted from this document';
export const ORIGINAL_MISSING = 'The original file is missing from storage; upload it again';
export const PROCESSING_FAILED_UNEXPECTEDLY = 'Processing failed unexpectedly; try Reprocess';

/** Texts per embedding call: small enough to report progress often. */
const EMBEDDING_SLICE = 64;
const SYSTEM: EventMetadata = { actorId: null };
/** Longer than any upload can take to arrive, so only uploads a crash cut off are removed. */
const ABANDONED_UPLOAD_AGE_MS = 60 * 60 * 1000;

export interface DocumentProcessingOptions {
  /** Documents processed at once. */
  concurrency: number;
  chunkSize: number;
  chunkOverlap: number;
}

export const DOCUMENT_PROCESSING_OPTIONS = Symbol('DOCUMENT_PROCESSING_OPTIONS');

export const defaultProcessingOptions = (): DocumentProcessingOptions => ({
  concurrency: Math.max(2, availableParallelism()),
  chunkSize: 1000,
  chunkOverlap: 150,
});

/**
 * Turns uploaded documents into indexed chunks, off the request that uploaded them.
 * Driven by the log: every document recorded as indexing or processing is work, so
 * after a crash or restart `start()` finds what was unfinished and does it again.
 * Each run replaces the document's chunks as a whole and the final event is
 * appended at the version the run started from, so a repeated run never duplicates
 * a chunk and a run overtaken by a deletion changes nothing.
 */
@Injectable()
export class DocumentProcessor implements OnModuleDestroy {
  private readonly logger = new Logger(DocumentProcessor.name);
  private readonly waiting = new Set<string>();
  private readonly running = new Map<string, Promise<void>>();
  private subscription: Subscription | null = null;
  private stopped = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly eventBus: EventBus,
    private readonly documents: DocumentStreamWriter,
    private readonly chunkIndex: ChunkIndex,
    private readonly originals: Originals,
    private readonly progress: ProcessingProgress,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(EMBEDDING_PROVIDER) private readonly embedder: EmbeddingProvider | null,
    @Inject(DOCUMENT_PROCESSING_OPTIONS) private readonly options: DocumentProcessingOptions,
  ) {}

  /** Begins processing: new work as it is recorded, and whatever a previous run left unfinished. */
  async start(): Promise<void> {
    if (this.subscription) return;
    this.stopped = false;
    if (this.embedder) await this.chunkIndex.ensureVectorIndex(this.embedder.dimensions);
    await this.clearUpAfterCrash();
    this.subscription = this.eventBus
      .pipe(
        ofType(RecordedDomainEvent),
        filter(({ event }) => event.type === 'DocumentUploaded' || event.type === 'DocumentReprocessRequested'),
      )
      .subscribe(({ event }) => this.enqueue(documentIdOf(event.streamId)));
    const unfinished = await this.orm.em
      .fork()
      .find(
        DocumentEntity,
        { status: { $in: ['indexing', 'processing'] } },
        { fields: ['id'], orderBy: { uploadedAt: 'asc' } },
      );
    for (const { id } of unfinished) this.enqueue(id);
  }

  /**
   * What an earlier crash may have left: chunks of documents deleted since, and uploads
   * cut off mid-write. An upload still being written is younger than the cut-off.
   */
  private async clearUpAfterCrash(): Promise<void> {
    const orphans = await this.chunkIndex.removeOrphans();
    const abandoned = await this.files.removeAbandonedUploads(new Date(Date.now() - ABANDONED_UPLOAD_AGE_MS));
    if (orphans + abandoned > 0) {
      this.logger.log(
        `Cleared up after a crash: chunks of ${orphans} deleted documents, ${abandoned} unfinished uploads`,
      );
    }
  }

  /** Stops taking work and waits for the documents in hand; the rest stays recorded for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.subscription?.unsubscribe();
    this.subscription = null;
    this.waiting.clear();
    await Promise.allSettled(this.running.values());
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
    await closeParseWorkers();
  }

  /** Resolves once nothing is waiting or running: for tests and the benchmark. */
  whenIdle(): Promise<void> {
    if (this.waiting.size === 0 && this.running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private enqueue(documentId: string): void {
    if (this.stopped || this.running.has(documentId)) return;
    this.waiting.add(documentId);
    this.pump();
  }

  private pump(): void {
    for (const documentId of this.waiting) {
      if (this.running.size >= this.options.concurrency) return;
      this.waiting.delete(documentId);
      const run = this.process(documentId).finally(() => {
        this.running.delete(documentId);
        this.pump();
        if (this.waiting.size === 0 && this.running.size === 0) {
          for (const resolve of this.idleWaiters.splice(0)) resolve();
        }
      });
      this.running.set(documentId, run);
    }
  }

  private async process(documentId: string): Promise<void> {
    try {
      await this.run(documentId);
    } catch (error) {
      if (error instanceof ConcurrencyConflictError) {
        await this.afterOvertaken(documentId);
        return;
      }
      this.logger.error({ err: error, documentId }, 'Document processing failed unexpectedly');
      await this.fail(documentId, PROCESSING_FAILED_UNEXPECTEDLY).catch((failure: unknown) =>
        this.logger.error({ err: failure, documentId }, 'Could not record the failure of a document'),
      );
    } finally {
      this.progress.clear(documentId);
    }
  }

  private async run(documentId: string): Promise<void> {
    const loaded = await this.documents.load(documentId);
    const { state } = loaded;
    let { version } = loaded;
    if (!state.exists || state.deleted || (state.status !== 'indexing' && state.status !== 'processing')) return;

    this.progress.report(documentId, 'reading', 0);
    let bytes: Uint8Array;
    try {
      // A copy in its own ArrayBuffer: a Node Buffer may be a view into a shared pool, which parsers must not see.
      bytes = new Uint8Array(await buffer(this.files.get(state.sha256)));
    } catch (error) {
      if (error instanceof FileNotFoundError) return this.fail(documentId, ORIGINAL_MISSING, version);
      throw error;
    }

    this.progress.report(documentId, 'parsing', 20);
    const prepared = await prepareDocument(bytes, state.name, {
      size: this.options.chunkSize,
      overlap: this.options.chunkOverlap,
    });
    if (!prepared.ok) return this.fail(documentId, prepared.reason, version);
    const { document } = prepared;
    const { chunks } = document;
    if (chunks.length === 0) return this.fail(documentId, NO_TEXT_FOUND, version);

    if (state.status === 'indexing') {
      version = await this.documents.execute(
        documentId,
        {
          type: 'RecordParsed',
          pages: document.metadata.pages,
          words: document.metadata.words,
          language: document.metadata.language,
          characters: document.text.length,
        },
        SYSTEM,
        version,
      );
    }

    this.progress.report(documentId, 'chunking', 0);
    const { embeddings, embeddingError } = await this.embed(documentId, chunks);
    this.progress.report(documentId, 'saving', 90);
    await this.chunkIndex.replaceDocument(documentId, document.text, chunks, embeddings);
    await this.documents.execute(
      documentId,
      {
        type: 'RecordProcessed',
        chunks: chunks.length,
        vectorized: embeddings !== null,
        embeddingModel: embeddings?.model ?? null,
        embeddingError,
      },
      SYSTEM,
      version,
    );
  }

  /** Embeddings for every chunk, or none with the reason: a failing model never keeps a document from keyword search. */
  private async embed(
    documentId: string,
    chunks: IndexableChunk[],
  ): Promise<{ embeddings: ChunkEmbeddings | null; embeddingError: string | null }> {
    if (!this.embedder) return { embeddings: null, embeddingError: null };
    const vectors: number[][] = [];
    try {
      for (let from = 0; from < chunks.length; from += EMBEDDING_SLICE) {
        this.progress.report(documentId, 'embedding', (from / chunks.length) * 100);
        const slice = chunks.slice(from, from + EMBEDDING_SLICE).map((chunk) => chunk.text);
        vectors.push(...(await this.embedder.embed(slice)));
      }
    } catch (error) {
      this.logger.warn({ err: error, documentId }, 'Embedding failed; the document is indexed for keyword search only');
      return { embeddings: null, embeddingError: (error as Error).message };
    }
    return {
      embeddings: { model: this.embedder.model, dimensions: this.embedder.dimensions, vectors },
      embeddingError: null,
    };
  }

  private async fail(documentId: string, reason: string, expectedVersion?: number): Promise<void> {
    await this.documents.execute(documentId, { type: 'RecordFailure', reason }, SYSTEM, expectedVersion);
  }

  /** Someone changed the document while it was processed: a deletion leaves chunks to clear up. */
  private async afterOvertaken(documentId: string): Promise<void> {
    const { state } = await this.documents.load(documentId);
    if (state.deleted) {
      await this.chunkIndex.removeDocument(documentId);
      await this.originals.releaseIfUnreferenced(state.sha256);
    }
  }
}
