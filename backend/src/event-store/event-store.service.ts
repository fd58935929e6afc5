import { Inject, Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { type EntityManager, MikroORM, UniqueConstraintViolationException } from '@mikro-orm/sql';
import { Subject } from 'rxjs';
import { applyBatch } from '../projections/projection.js';
import { ProjectionRegistry } from '../projections/projection-registry.js';
import { ConcurrencyConflictError } from './concurrency-conflict.error.js';
import type { DomainEvent, DomainEventType, EventMetadata, RecordedEvent } from './domain-event.js';
import { currentVersionOf, upcast } from './event-versions.js';
import { RecordedDomainEvent } from './recorded-domain-event.js';

export interface StreamAppend {
  streamId: string;
  streamType: string;
  /**
   * The stream's version when it was read: 0 for a stream that must not exist yet.
   * 'any' for streams that only record facts and decide nothing, such as usage logs.
   */
  expectedVersion: number | 'any';
  events: DomainEvent[];
}

/** Serialises appends so that global positions commit in order and asynchronous projections never skip one. */
export const EVENT_LOG_LOCK = 7_401_337;
/** Most facts committed together: keeps one group commit's statements and inline projection work bounded. */
const MAX_FACTS_PER_COMMIT = 64;

/** An append of facts waiting for the next group commit, with what its caller awaits. */
interface QueuedFact {
  append: StreamAppend;
  metadata: EventMetadata;
  resolve: (events: RecordedEvent[]) => void;
  reject: (error: unknown) => void;
}

interface EventRow {
  position: string | number;
  stream_id: string;
  stream_type: string;
  version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: unknown;
  occurred_at: Date | string;
}

@Injectable()
export class EventStore {
  /** Emits the events of every committed append, in log order: the in-process fast path to what follows the log. */
  readonly committed$ = new Subject<readonly RecordedEvent[]>();
  private readonly queuedFacts: QueuedFact[] = [];
  private committingFacts = false;

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly eventBus: EventBus,
    private readonly projections: ProjectionRegistry,
  ) {}

  /**
   * Appends events to one or more streams atomically. Each stream must still be
   * at its expected version, or nothing is written and a
   * ConcurrencyConflictError is thrown. Inline projections are applied in the
   * same transaction; the events are published on the CQRS event bus after commit.
   */
  async append(appends: StreamAppend | StreamAppend[], metadata: EventMetadata): Promise<RecordedEvent[]> {
    const batch = Array.isArray(appends) ? appends : [appends];
    const [recorded] = await this.commit([batch.map((append) => ({ append, metadata }))]);
    return recorded!;
  }

  /**
   * Appends events to a stream that records facts and decides nothing (expectedVersion
   * 'any'), committed with the other facts queued while the previous commit of facts ran
   * (a group commit): under concurrent searches one transaction, lock and run of the inline
   * projections serves several, and a lone fact commits at once. Resolves once committed,
   * as `append` does. A group that fails is committed again one fact at a time, so a fact
   * fails only for its own sake.
   */
  appendFact(append: StreamAppend & { expectedVersion: 'any' }, metadata: EventMetadata): Promise<RecordedEvent[]> {
    return new Promise((resolve, reject) => {
      this.queuedFacts.push({ append, metadata, resolve, reject });
      if (!this.committingFacts) void this.commitQueuedFacts();
    });
  }

  private async commitQueuedFacts(): Promise<void> {
    this.committingFacts = true;
    try {
      while (this.queuedFacts.length > 0) {
        const group = this.queuedFacts.splice(0, MAX_FACTS_PER_COMMIT);
        try {
          const recorded = await this.commit(group.map((fact) => [fact]));
          group.forEach((fact, index) => fact.resolve(recorded[index]!));
        } catch (error) {
          if (group.length === 1) group[0]!.reject(error);
          else for (const fact of group) await this.commitAlone(fact);
        }
      }
    } finally {
      this.committingFacts = false;
    }
  }

  private async commitAlone(fact: QueuedFact): Promise<void> {
    try {
      const [events] = await this.commit([[fact]]);
      fact.resolve(events!);
    } catch (error) {
      fact.reject(error);
    }
  }

  /**
   * Commits the units in one transaction, each unit's appends with its own metadata, and
   * returns each unit's recorded events. Inline projections run once over all of them.
   */
  private async commit(
    units: readonly (readonly { append: StreamAppend; metadata: EventMetadata }[])[],
  ): Promise<RecordedEvent[][]> {
    let recorded: RecordedEvent[][];
    try {
      recorded = await this.orm.em.fork().transactional(async (em) => {
        await em.execute('select pg_advisory_xact_lock(?)', [EVENT_LOG_LOCK]);
        const written: RecordedEvent[][] = [];
        for (const unit of units) {
          const events: RecordedEvent[] = [];
          for (const { append, metadata } of unit) events.push(...(await this.appendToStream(em, append, metadata)));
          written.push(events);
        }
        for (const { handler } of this.projections.inline()) {
          await applyBatch(handler, written.flat(), em);
        }
        return written;
      });
    } catch (error) {
      if (
        error instanceof UniqueConstraintViolationException &&
        error.message.includes('events_stream_version_unique')
      ) {
        throw new ConcurrencyConflictError(units[0]![0]!.append.streamId);
      }
      throw error;
    }
    const all = recorded.flat();
    for (const event of all) this.eventBus.publish(new RecordedDomainEvent(event));
    if (all.length > 0) this.committed$.next(all);
    return recorded;
  }

  async readStream(streamId: string, em: EntityManager = this.orm.em.fork()): Promise<RecordedEvent[]> {
    const rows = await em.execute<EventRow[]>('select * from events where stream_id = ? order by version', [streamId]);
    return rows.map(toRecordedEvent);
  }

  /**
   * Events after the given global position, oldest first; only those of the given types
   * when a list is given, and none after `upTo` when it is.
   */
  async readAll(
    afterPosition: number,
    limit: number,
    em: EntityManager = this.orm.em.fork(),
    types?: readonly string[],
    upTo?: number,
  ): Promise<RecordedEvent[]> {
    const rows = await em.execute<EventRow[]>(
      `select * from events where position > ?
       ${types ? 'and type in (select jsonb_array_elements_text(?::jsonb))' : ''}
       ${upTo === undefined ? '' : 'and position <= ?'}
       order by position limit ?`,
      [afterPosition, ...(types ? [JSON.stringify(types)] : []), ...(upTo === undefined ? [] : [upTo]), limit],
    );
    return rows.map(toRecordedEvent);
  }

  async headPosition(em: EntityManager = this.orm.em.fork()): Promise<number> {
    const [row] = await em.execute<{ head: string | number }[]>(
      'select coalesce(max(position), 0) as head from events',
    );
    return Number(row?.head ?? 0);
  }

  private async appendToStream(
    em: EntityManager,
    append: StreamAppend,
    metadata: EventMetadata,
  ): Promise<RecordedEvent[]> {
    // An append at any version needs no read of its own: the stream's last version is looked
    // up by the insert (appends are serialised by the event log lock), one statement fewer
    // on every search recorded.
    let version = 'e.version';
    let versionOffset = 0;
    const parameters: unknown[] = [append.streamId, append.streamType];
    if (append.expectedVersion === 'any') {
      version = '(select coalesce(max(version), 0) from events where stream_id = ?) + e.version';
      parameters.push(append.streamId);
    } else {
      const [current] = await em.execute<{ version: number }[]>(
        'select coalesce(max(version), 0) as version from events where stream_id = ?',
        [append.streamId],
      );
      versionOffset = Number(current?.version ?? 0);
      if (versionOffset !== append.expectedVersion) throw new ConcurrencyConflictError(append.streamId);
    }
    if (append.events.length === 0) return [];
    // One statement for all of the stream's events: a batch of many small events (model calls) is common.
    const rows = await em.execute<EventRow[]>(
      `insert into events (stream_id, stream_type, version, type, schema_version, data, metadata, occurred_at)
       select ?, ?, ${version}, e.type, e.schema_version, e.data, ?::jsonb, clock_timestamp()
       from jsonb_to_recordset(?::jsonb) as e(version bigint, type text, schema_version smallint, data jsonb)
       order by e.version
       returning *`,
      [
        ...parameters,
        JSON.stringify(metadata),
        JSON.stringify(
          append.events.map((event, index) => ({
            version: versionOffset + index + 1,
            type: event.type,
            schema_version: currentVersionOf(event.type),
            data: event.data,
          })),
        ),
      ],
    );
    return rows.map(toRecordedEvent).sort((a, b) => a.version - b.version);
  }
}

/** A stored row as the code sees it: its payload upcast to the current version of its type. */
function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    position: Number(row.position),
    streamId: row.stream_id,
    streamType: row.stream_type,
    version: Number(row.version),
    type: row.type,
    data: upcast(row.type as DomainEventType, Number(row.schema_version), parseJson(row.data)),
    metadata: parseJson(row.metadata) as EventMetadata,
    occurredAt: new Date(row.occurred_at),
  } as RecordedEvent;
}

function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}
