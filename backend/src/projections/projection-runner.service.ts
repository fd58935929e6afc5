import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import type { Subscription } from 'rxjs';
import { EventStore } from '../event-store/event-store.service.js';
import { ProjectionCheckpointEntity } from './projection-checkpoint.entity.js';
import { applyBatch, type RegisteredProjection } from './projection.js';
import { ProjectionRegistry } from './projection-registry.js';

const BATCH_SIZE = 500;
/** Picks up events appended by other processes sharing the database. */
const POLL_INTERVAL_MS = 1_000;
/**
 * The pause after a projection's run that applied events, before it runs again: under steady
 * traffic each projection folds what gathered in one transaction a few times a second instead
 * of one per commit, leaving the embedded database's single thread to the requests. Run once
 * per commit, the three projections' bookkeeping took a third of the database's time while ingesting.
 */
const RERUN_PAUSE_MS = 250;

export interface AsyncProjectionStatus {
  name: string;
  checkpoint: number;
  lastError: string | null;
}

/**
 * Runs the asynchronous projections: each reads the log from its checkpoint and
 * applies a batch of events together with the new checkpoint in one transaction,
 * so a crash at any point resumes exactly where the last commit left off.
 */
@Injectable()
export class ProjectionRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ProjectionRunner.name);
  private readonly running = new Map<string, Promise<void>>();
  private readonly rerunRequested = new Set<string>();
  private readonly pausedReruns = new Map<string, NodeJS.Timeout>();
  private readonly lastErrors = new Map<string, string>();
  /** The position each projection's last batch in this process committed (or found nothing after). */
  private readonly appliedThrough = new Map<string, number>();
  private subscription?: Subscription;
  private pollTimer?: NodeJS.Timeout;
  private stopped = true;

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly eventStore: EventStore,
    private readonly registry: ProjectionRegistry,
  ) {}

  onApplicationBootstrap(): void {
    this.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.subscription = this.eventStore.committed$.subscribe(() => this.triggerAll());
    this.pollTimer = setInterval(() => void this.triggerBehindHead(), POLL_INTERVAL_MS);
    this.pollTimer.unref();
    this.triggerAll();
  }

  /** Stops taking new batches and waits for the ones in flight to commit their checkpoints. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.subscription?.unsubscribe();
    clearInterval(this.pollTimer);
    for (const timer of this.pausedReruns.values()) clearTimeout(timer);
    this.pausedReruns.clear();
    await Promise.allSettled(this.running.values());
  }

  /** Resolves once every asynchronous projection has applied every event committed so far. */
  async catchUp(): Promise<void> {
    const head = await this.eventStore.headPosition();
    for (const projection of this.registry.async()) {
      while ((await this.checkpointOf(projection.name)) < head) {
        await this.trigger(projection, { skipPause: true });
        if (this.lastErrors.has(projection.name)) throw new Error(this.lastErrors.get(projection.name));
      }
    }
  }

  async status(): Promise<AsyncProjectionStatus[]> {
    return Promise.all(
      this.registry.async().map(async ({ name }) => ({
        name,
        checkpoint: await this.checkpointOf(name),
        lastError: this.lastErrors.get(name) ?? null,
      })),
    );
  }

  private triggerAll(): void {
    for (const projection of this.registry.async()) void this.trigger(projection);
  }

  /**
   * The poll, for events other processes appended: one look at the log's head, and a run
   * only for the projections behind it, rather than a locking transaction for each per second.
   */
  private async triggerBehindHead(): Promise<void> {
    let head: number;
    try {
      head = await this.eventStore.headPosition();
    } catch (error) {
      this.logger.warn(
        `Could not read the event log's head: ${error instanceof Error ? error.message : String(error)}`,
      );
      return;
    }
    for (const projection of this.registry.async()) {
      const applied = this.appliedThrough.get(projection.name);
      if (applied === undefined || applied < head || this.lastErrors.has(projection.name))
        void this.trigger(projection);
    }
  }

  /**
   * One run per projection at a time. A run that applied events is followed by a short
   * pause; triggers during the run or the pause ask for one more pass, taken when the pause
   * ends, so under steady traffic a projection runs a few times a second however often
   * events commit. Catching up must not wait and skips the pause.
   */
  private trigger(projection: RegisteredProjection, { skipPause = false } = {}): Promise<void> {
    const { name } = projection;
    const inFlight = this.running.get(name);
    if (inFlight || (this.pausedReruns.has(name) && !skipPause)) {
      this.rerunRequested.add(name);
      return inFlight ?? Promise.resolve();
    }
    clearTimeout(this.pausedReruns.get(name));
    this.pausedReruns.delete(name);
    this.rerunRequested.delete(name);
    const run = this.runUntilCaughtUp(projection).then((applied) => {
      this.running.delete(name);
      if (!this.stopped && (applied > 0 || this.rerunRequested.has(name))) this.pauseBeforeRerun(projection);
    });
    this.running.set(name, run);
    return run;
  }

  private pauseBeforeRerun(projection: RegisteredProjection): void {
    const timer = setTimeout(() => {
      this.pausedReruns.delete(projection.name);
      if (this.rerunRequested.delete(projection.name)) void this.trigger(projection);
    }, RERUN_PAUSE_MS);
    timer.unref();
    this.pausedReruns.set(projection.name, timer);
  }

  /** Applies batches until one is short, which read the log to its end; returns how many events it applied. */
  private async runUntilCaughtUp(projection: RegisteredProjection): Promise<number> {
    let applied = 0;
    try {
      while (!this.stopped) {
        const batch = await this.applyNextBatch(projection);
        applied += batch;
        if (batch < BATCH_SIZE) break;
      }
      this.lastErrors.delete(projection.name);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (this.lastErrors.get(projection.name) !== message) {
        this.logger.error(`Projection ${projection.name} failed; it will retry from its checkpoint: ${message}`);
      }
      this.lastErrors.set(projection.name, message);
    }
    return applied;
  }

  private async applyNextBatch(projection: RegisteredProjection): Promise<number> {
    const batch = await this.orm.em.fork().transactional(async (em) => {
      // Creates the checkpoint on first use and locks it, in one statement (a conflicting
      // insert locks the row it updates): the lock keeps two processes from applying the same batch.
      const [row] = await em.execute<{ position: string | number }[]>(
        `insert into projection_checkpoints (name, position, updated_at) values (?, 0, now())
         on conflict (name) do update set name = excluded.name returning position`,
        [projection.name],
      );
      const events = await this.eventStore.readAll(Number(row!.position), BATCH_SIZE, em);
      await applyBatch(projection.handler, events, em);
      const through = events.at(-1)?.position ?? Number(row!.position);
      if (events.length > 0) {
        await em.nativeUpdate(
          ProjectionCheckpointEntity,
          { name: projection.name },
          { position: through, updatedAt: new Date() },
        );
      }
      return { applied: events.length, through };
    });
    this.appliedThrough.set(projection.name, batch.through);
    return batch.applied;
  }

  private async checkpointOf(name: string): Promise<number> {
    const checkpoint = await this.orm.em.fork().findOne(ProjectionCheckpointEntity, { name });
    return checkpoint?.position ?? 0;
  }
}
