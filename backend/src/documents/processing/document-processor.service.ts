import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import { availableParallelism } from 'node:os';
import { buffer } from 'node:stream/consumers';
import { ConcurrencyConflictError } from '../../event-store/concurrency-conflict.error.js';
import { Decisions, type LoadedStream } from '../../event-store/decisions.service.js';
import type { EventMetadata } from '../../event-store/domain-event.js';
import { ReactionRunner } from '../../reactions/reaction-runner.service.js';
import { CHUNK_INDEX_WRITER, type ChunkIndexWriter } from '../../search/index/chunk-index-writer.port.js';
import { documentDecider, type DocumentCommand, type DocumentState } from '../domain/document.decider.js';
import { documentStreamId } from '../domain/document.events.js';
import { closeParseWorkers, prepareDocument } from '../parsing/parse-document.js';
import { DocumentEntity } from '../read-model/document.entity.js';
import { ExtractedTexts } from '../storage/extracted-texts.js';
import { FILE_STORE, FileNotFoundError, type FileStore } from '../storage/file-store.js';
import { Originals } from '../storage/originals.js';
import { capHeapGrowth } from './heap-growth.js';
import { ProcessingProgress } from './processing-progress.js';

export const NO_TEXT_FOUND = 'No text could be extracted from this document';
export const ORIGINAL_MISSING = 'The original file is missing from storage; upload it again';
export const PROCESSING_FAILED_UNEXPECTEDLY = 'Processing failed unexpectedly; try Reprocess';

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
 * Work comes from the log: the document-processing reaction queues each document
 * uploaded or sent back for reprocessing, and `start()` queues every document still
 * recorded as indexing or processing, which is what a crash or restart left unfinished.
 * Each run replaces the document's chunks as a whole and appends its events at the
 * version the run started from, so a repeated run never duplicates a chunk, a run
 * overtaken by a deletion changes nothing, and a document already processed is left alone.
 */
@Injectable()
export class DocumentProcessor implements OnModuleDestroy {
  private readonly logger = new Logger(DocumentProcessor.name);
  private readonly waiting = new Set<string>();
  private readonly running = new Map<string, Promise<void>>();
  /** Only the server processes documents (app.factory starts it); the command-line tools never do. */
  private stopped = true;
  private idleWaiters: (() => void)[] = [];

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly decisions: Decisions,
    private readonly reactions: ReactionRunner,
    @Inject(CHUNK_INDEX_WRITER) private readonly chunkIndex: ChunkIndexWriter,
    private readonly texts: ExtractedTexts,
    private readonly originals: Originals,
    private readonly progress: ProcessingProgress,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(DOCUMENT_PROCESSING_OPTIONS) private readonly options: DocumentProcessingOptions,
  ) {}

  /** Begins processing: whatever a previous run left unfinished, then new work as the reaction queues it. */
  async start(): Promise<void> {
    if (!this.stopped) return;
    await this.chunkIndex.prepareVectorIndex();
    await this.clearUpAfterCrash();
    this.stopped = false;
    // Read after taking work: a document the reaction passed over while stopped was committed before this read.
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
   * Queues a document unless it is already waiting or running; its run does nothing if
   * it is no longer indexing or processing by then. Ignored while stopped: `start()`
   * finds the document from its recorded status.
   */
  enqueue(documentId: string): void {
    if (this.stopped || this.running.has(documentId)) return;
    this.waiting.add(documentId);
    this.pump();
  }

  /**
   * What an earlier crash may have left: chunks and texts of documents deleted since,
   * and uploads cut off mid-write. An upload still being written is younger than the cut-off.
   */
  private async clearUpAfterCrash(): Promise<void> {
    const orphans = await this.documentsGone(await this.chunkIndex.indexedDocumentIds());
    for (const documentId of orphans) await this.chunkIndex.removeDocument(documentId);
    const texts = await this.texts.removeOrphans();
    const abandoned = await this.files.removeAbandonedUploads(new Date(Date.now() - ABANDONED_UPLOAD_AGE_MS));
    if (orphans.length + texts + abandoned > 0) {
      this.logger.log(
        `Cleared up after a crash: chunks of ${orphans.length} and texts of ${texts} deleted documents, ${abandoned} unfinished uploads`,
      );
    }
  }

  /** Those of the documents that are not in the documents table (any more). */
  private async documentsGone(documentIds: string[]): Promise<string[]> {
    if (documentIds.length === 0) return [];
    const rows = await this.orm.em.fork().execute<{ id: string }[]>(
      `select id from jsonb_array_elements_text(?::jsonb) as listed(id)
       where not exists (select 1 from documents d where d.id = listed.id::uuid)`,
      [JSON.stringify(documentIds)],
    );
    return rows.map((row) => row.id);
  }

  /** Stops taking work and waits for the documents in hand; the rest stays recorded for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.waiting.clear();
    await Promise.allSettled(this.running.values());
  }

  /**
   * Stops, lets every parse worker go, and starts again (System Services' Restart): the
   * documents in hand finish first, and whatever was waiting is found again from its status.
   */
  async restart(): Promise<void> {
    await this.stop();
    await closeParseWorkers();
    await this.start();
  }

  /** What is in hand now, for the status of document processing. */
  queue(): { started: boolean; waiting: number; running: number; concurrency: number } {
    return {
      started: !this.stopped,
      waiting: this.waiting.size,
      running: this.running.size,
      concurrency: this.options.concurrency,
    };
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
    await closeParseWorkers();
  }

  /**
   * Resolves once every upload recorded so far has reached the processor and nothing is
   * waiting or running: for tests and the benchmark.
   */
  async whenIdle(): Promise<void> {
    await this.reactions.catchUp();
    if (this.waiting.size === 0 && this.running.size === 0) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    for (const documentId of this.waiting) {
      if (this.running.size >= this.options.concurrency) return;
      this.waiting.delete(documentId);
      if (this.running.size === 0) capHeapGrowth(true);
      const run = this.process(documentId).finally(() => {
        this.running.delete(documentId);
        this.pump();
        if (this.waiting.size === 0 && this.running.size === 0) {
          capHeapGrowth(false);
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
      await this.record(documentId, { type: 'RecordFailure', reason: PROCESSING_FAILED_UNEXPECTEDLY }).catch(
        (failure: unknown) =>
          this.logger.error({ err: failure, documentId }, 'Could not record the failure of a document'),
      );
    } finally {
      this.progress.clear(documentId);
    }
  }

  private async run(documentId: string): Promise<void> {
    // Each outcome is decided on the stream as this run read it (or as its last outcome left
    // it) and appended only if nobody changed the document meanwhile.
    let stream = await this.decisions.load(documentDecider, documentStreamId(documentId));
    const { state } = stream;
    if (!state.exists || state.deleted || (state.status !== 'indexing' && state.status !== 'processing')) return;
    const fail = async (reason: string) => {
      await this.record(documentId, { type: 'RecordFailure', reason }, stream);
    };

    this.progress.report(documentId, 'reading', 0);
    let bytes: Uint8Array;
    try {
      // A copy in its own ArrayBuffer: a Node Buffer may be a view into a shared pool, which parsers must not see.
      bytes = new Uint8Array(await buffer(this.files.get(state.sha256)));
    } catch (error) {
      if (error instanceof FileNotFoundError) return fail(ORIGINAL_MISSING);
      throw error;
    }

    this.progress.report(documentId, 'parsing', 20);
    const prepared = await prepareDocument(bytes, state.name, {
      size: this.options.chunkSize,
      overlap: this.options.chunkOverlap,
    });
    if (!prepared.ok) return fail(prepared.reason);
    const { document } = prepared;
    const { chunks } = document;
    if (chunks.length === 0) return fail(NO_TEXT_FOUND);

    if (state.status === 'indexing') {
      stream = await this.record(
        documentId,
        {
          type: 'RecordParsed',
          pages: document.metadata.pages,
          words: document.metadata.words,
          language: document.metadata.language,
          characters: document.text.length,
        },
        stream,
      );
    }

    this.progress.report(documentId, 'chunking', 0);
    const { embeddingModel, embeddingError } = await this.chunkIndex.replaceChunks(
      documentId,
      chunks,
      (stage, percent) => this.progress.report(documentId, stage, percent),
    );
    await this.texts.save(documentId, document.text);
    await this.record(
      documentId,
      {
        type: 'RecordProcessed',
        chunks: chunks.length,
        vectorized: embeddingModel !== null,
        embeddingModel,
        embeddingError,
      },
      stream,
    );
  }

  /**
   * Derives again what processing derived from a processed document's original (its chunks
   * and extracted text) and records nothing: a restored instance has the log and the
   * originals but nothing derived from them.
   */
  async rederive(documentId: string): Promise<void> {
    const { state } = await this.decisions.load(documentDecider, documentStreamId(documentId));
    if (!state.exists || state.deleted || state.status !== 'processed') return;
    const bytes = new Uint8Array(await buffer(this.files.get(state.sha256)));
    const prepared = await prepareDocument(bytes, state.name, {
      size: this.options.chunkSize,
      overlap: this.options.chunkOverlap,
    });
    if (!prepared.ok) throw new Error(`${state.name} could not be parsed again: ${prepared.reason}`);
    await this.chunkIndex.replaceChunks(documentId, prepared.document.chunks);
    await this.texts.save(documentId, prepared.document.text);
  }

  /** Removes what processing derived from a document: a restore that failed leaves none of it. */
  async forget(documentId: string): Promise<void> {
    await this.chunkIndex.removeDocument(documentId);
    await this.texts.remove(documentId);
  }

  /**
   * Appends the outcome, decided on `from` when given: a ConcurrencyConflictError when
   * anyone changed the document since it was read. Returns the stream as it is now.
   */
  private async record(
    documentId: string,
    command: DocumentCommand,
    from?: LoadedStream<DocumentState>,
  ): Promise<LoadedStream<DocumentState>> {
    return this.decisions.handle(documentDecider, documentStreamId(documentId), command, SYSTEM, { from });
  }

  /** Someone changed the document while it was processed: a deletion leaves chunks, text and perhaps the original to clear up. */
  private async afterOvertaken(documentId: string): Promise<void> {
    const { state } = await this.decisions.load(documentDecider, documentStreamId(documentId));
    if (state.deleted) {
      await this.chunkIndex.removeDocument(documentId);
      await this.texts.remove(documentId);
      await this.originals.releaseIfUnreferenced(state.sha256);
    }
  }
}
