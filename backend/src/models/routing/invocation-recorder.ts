import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { Decisions } from '../../event-store/decisions.service.js';
import type { RecordedEvent } from '../../event-store/domain-event.js';
import { modelUsageDecider, type ModelInvocation } from '../domain/model-usage.decider.js';
import { modelUsageStreamId } from '../domain/model.events.js';

/** A batch is written this long after its first call at the latest. */
const FLUSH_INTERVAL_MS = 100;
/** Or as soon as it holds this many calls. */
const FLUSH_BATCH_SIZE = 200;

/**
 * Records calls as ModelInvoked events in batches, so that no call waits for a
 * database transaction of its own. Batches are written one at a time; a batch that
 * fails to write is kept and tried again, and everything pending is written on shutdown.
 */
@Injectable()
export class ModelInvocationRecorder implements BeforeApplicationShutdown {
  private readonly logger = new Logger(ModelInvocationRecorder.name);
  private pending: ModelInvocation[] = [];
  private timer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();
  /**
   * The correlation id of every call this process records: the usage limits, which count
   * this process's calls from the start, tell them by it from the calls of other processes.
   */
  private readonly correlationId = randomUUID();

  constructor(private readonly decisions: Decisions) {}

  record(invocation: ModelInvocation): void {
    this.pending.push(invocation);
    if (this.pending.length >= FLUSH_BATCH_SIZE) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS);
  }

  /** Resolves once every call recorded so far is written (or has failed to be, and waits for the next try). */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.writePending());
    return this.writing;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.flush();
  }

  /** Whether this process recorded the call. */
  recordedHere(event: RecordedEvent<'ModelInvoked'>): boolean {
    return event.metadata.correlationId === this.correlationId;
  }

  private async writePending(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    try {
      await this.decisions.handleAll(decisionsFor(batch), { actorId: null, correlationId: this.correlationId });
    } catch (error) {
      this.logger.error(
        `Could not record ${batch.length} model call(s); retrying: ${error instanceof Error ? error.message : error}`,
      );
      this.pending = [...batch, ...this.pending];
      this.timer ??= setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS);
    }
  }
}

/** One decision per model's usage stream, all appended in one transaction. */
function decisionsFor(batch: ModelInvocation[]) {
  const byModel = new Map<string, ModelInvocation[]>();
  for (const invocation of batch) {
    const calls = byModel.get(invocation.modelId) ?? [];
    calls.push(invocation);
    byModel.set(invocation.modelId, calls);
  }
  return [...byModel].map(([modelId, calls]) => ({
    decider: modelUsageDecider,
    streamId: modelUsageStreamId(modelId),
    command: { type: 'RecordCalls' as const, calls },
  }));
}
