import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/sql';
import type { Subscription } from 'rxjs';
import type { RecordedEvent } from '../event-store/domain-event.js';
import { EventStore } from '../event-store/event-store.service.js';
import { Reaction, type ReactionHandler, type RegisteredReaction } from './reaction.js';

const BATCH_SIZE = 200;
/** Picks up events appended by other processes sharing the database. */
const POLL_INTERVAL_MS = 1_000;
/**
 * A once-delivered reaction claims its next batch this long after hearing of an append it
 * reacts to: appends in quick succession (an upload's files, each committed on its own) then
 * make one batch, where each had paid for a claim, a read of the log and a checkpoint update.
 */
const GATHER_MS = 50;
/** How long a process may work on a batch of a once-delivered reaction before another may take it over. */
const CLAIM_MS = 5 * 60_000;

interface ReactionState {
  reaction: RegisteredReaction;
  types: ReadonlySet<string>;
  /** every-process: the last log position this process has dealt with. */
  cursor: number;
  /** Batches this process appended, delivered without a read when they follow the cursor. */
  appended: RecordedEvent[][];
  pollRequested: boolean;
  /** once: the timer that claims what was appended meanwhile (GATHER_MS). */
  gathering: NodeJS.Timeout | null;
  running: Promise<void> | null;
  lastError: string | null;
}

/**
 * Drives the reactions (@Reaction providers) from the event log. Each reaction runs one
 * batch at a time, in log order. Events this process appends reach its every-process
 * reactions at once; everything else — and everything a once-delivered reaction handles —
 * is read from the log, so a second process on the same database takes part.
 */
@Injectable()
export class ReactionRunner implements BeforeApplicationShutdown {
  private readonly logger = new Logger(ReactionRunner.name);
  private states: ReactionState[] = [];
  private subscription?: Subscription;
  private pollTimer?: NodeJS.Timeout;
  private stopped = true;

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly eventStore: EventStore,
    private readonly discovery: DiscoveryService,
  ) {}

  /**
   * Starts following the log: called by the server once the app is up, never by the
   * command-line tools, which boot the same modules and must not take work they will not do.
   */
  async start(): Promise<void> {
    if (!this.stopped) return;
    const head = await this.eventStore.headPosition();
    this.states = this.discovery.getProviders({ metadataKey: Reaction.KEY }).map((wrapper) => {
      const reaction = {
        ...this.discovery.getMetadataByDecorator(Reaction, wrapper)!,
        handler: wrapper.instance as ReactionHandler,
      };
      return {
        reaction,
        types: new Set(reaction.events),
        cursor: head,
        appended: [],
        pollRequested: false,
        gathering: null,
        running: null,
        lastError: null,
      };
    });
    const names = new Set<string>();
    for (const { reaction } of this.states) {
      if (names.has(reaction.name)) throw new Error(`Two reactions are named ${reaction.name}`);
      names.add(reaction.name);
    }
    this.stopped = false;
    this.subscription = this.eventStore.committed$.subscribe((events) => this.onAppended(events));
    this.pollTimer = setInterval(() => this.pollAll(), POLL_INTERVAL_MS);
    this.pollTimer.unref();
    this.pollAll();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  /** Stops taking new batches and waits for the ones in flight (command-line tools stop it at once). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.subscription?.unsubscribe();
    clearInterval(this.pollTimer);
    for (const state of this.states) clearTimeout(state.gathering ?? undefined);
    await Promise.allSettled(this.states.map((state) => state.running));
  }

  /**
   * Resolves once every reaction has dealt with every event committed so far, or — for a
   * batch another process has claimed — as far as this process may go (for tests and tools).
   */
  async catchUp(): Promise<void> {
    const head = await this.eventStore.headPosition();
    for (const state of this.states) {
      for (let position = await this.positionOf(state); position < head;) {
        await this.request(state, { poll: true });
        if (state.lastError) throw new Error(`Reaction ${state.reaction.name} failed: ${state.lastError}`);
        const reached = await this.positionOf(state);
        if (reached === position) break;
        position = reached;
      }
    }
  }

  private onAppended(events: readonly RecordedEvent[]): void {
    for (const state of this.states) {
      if (state.reaction.delivery === 'every-process') void this.request(state, { appended: [...events] });
      else if (events.some((event) => state.types.has(event.type))) this.requestAfterGathering(state);
    }
  }

  private requestAfterGathering(state: ReactionState): void {
    if (state.gathering) return;
    state.gathering = setTimeout(() => {
      state.gathering = null;
      void this.request(state, { poll: true });
    }, GATHER_MS);
  }

  private pollAll(): void {
    for (const state of this.states) void this.request(state, { poll: true });
  }

  /** Queues work for a reaction and returns its current run, which takes everything queued. */
  private request(state: ReactionState, work: { poll?: boolean; appended?: RecordedEvent[] }): Promise<void> {
    if (work.appended) state.appended.push(work.appended);
    if (work.poll) state.pollRequested = true;
    if (!state.running && !this.stopped) {
      state.running = this.run(state).finally(() => {
        state.running = null;
        if ((state.pollRequested || state.appended.length > 0) && !this.stopped) void this.request(state, {});
      });
    }
    return state.running ?? Promise.resolve();
  }

  private async run(state: ReactionState): Promise<void> {
    try {
      if (state.reaction.delivery === 'every-process') await this.runEveryProcess(state);
      else while (state.pollRequested && !this.stopped) await this.runOnce(state);
      if (state.lastError) this.logger.log(`Reaction ${state.reaction.name} recovered`);
      state.lastError = null;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (state.lastError !== message) {
        this.logger.error(`Reaction ${state.reaction.name} failed; it will retry: ${message}`);
      }
      state.lastError = message;
    }
  }

  private async runEveryProcess(state: ReactionState): Promise<void> {
    while (!this.stopped) {
      const batch = state.appended.shift();
      if (batch) {
        const unseen = batch.filter((event) => event.position > state.cursor);
        if (unseen.length === 0) continue;
        if (unseen[0]!.position === state.cursor + 1) {
          await this.deliver(state, unseen, (position) => (state.cursor = position));
          continue;
        }
        // Another process appended in between: read the gap (and this batch) from the log.
        state.pollRequested = true;
      }
      if (!state.pollRequested) return;
      state.pollRequested = false;
      const head = await this.eventStore.headPosition();
      while (state.cursor < head && !this.stopped) {
        const events = await this.eventStore.readAll(state.cursor, BATCH_SIZE, undefined, state.reaction.events, head);
        await this.deliver(state, events, (position) => (state.cursor = position));
        if (events.length < BATCH_SIZE) state.cursor = head;
      }
    }
  }

  /** Claims the next batch after the shared checkpoint, reacts to it, then moves the checkpoint past it. */
  private async runOnce(state: ReactionState): Promise<void> {
    state.pollRequested = false;
    const { name, events: types } = state.reaction;
    const claimed = await this.orm.em.fork().transactional(async (em) => {
      const checkpoint = () =>
        em.execute<{ position: string | number; claimed: boolean }[]>(
          `select position, coalesce(claimed_until > now(), false) as claimed
           from reaction_checkpoints where name = ? for update`,
          [name],
        );
      let [row] = await checkpoint();
      if (!row) {
        // A reaction first run on an existing database starts from now, not from the first event ever.
        await em.execute(
          `insert into reaction_checkpoints (name, position, updated_at)
           values (?, (select coalesce(max(position), 0) from events), now()) on conflict (name) do nothing`,
          [name],
        );
        [row] = await checkpoint();
      }
      if (row!.claimed) return null;
      const position = Number(row!.position);
      const head = await this.eventStore.headPosition(em);
      const events = await this.eventStore.readAll(position, BATCH_SIZE, em, types, head);
      if (events.length === 0) {
        await em.execute(`update reaction_checkpoints set position = ?, updated_at = now() where name = ?`, [
          head,
          name,
        ]);
        return null;
      }
      await em.execute(
        `update reaction_checkpoints set claimed_until = now() + ? * interval '1 millisecond', updated_at = now() where name = ?`,
        [CLAIM_MS, name],
      );
      return events;
    });
    if (!claimed) return;
    let done: number | null = null;
    try {
      await this.deliver(state, claimed, (position) => (done = position));
    } finally {
      // Up to the last event reacted to: after a failure, the rest of the batch is given again.
      await this.orm.em
        .fork()
        .execute(
          `update reaction_checkpoints set position = greatest(position, coalesce(?, position)), claimed_until = null, updated_at = now() where name = ?`,
          [done, name],
        );
    }
    // A full batch may have more behind it.
    if (claimed.length === BATCH_SIZE) state.pollRequested = true;
  }

  private async deliver(
    state: ReactionState,
    events: readonly RecordedEvent[],
    handled: (position: number) => void,
  ): Promise<void> {
    for (const event of events) {
      if (this.stopped) return;
      if (state.types.has(event.type)) await state.reaction.handler.react(event);
      handled(event.position);
    }
  }

  private async positionOf(state: ReactionState): Promise<number> {
    if (state.reaction.delivery === 'every-process') return state.cursor;
    const [row] = await this.orm.em
      .fork()
      .execute<{ position: string | number }[]>('select position from reaction_checkpoints where name = ?', [
        state.reaction.name,
      ]);
    return Number(row?.position ?? 0);
  }
}
