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
    let recorded: RecordedEvent[];
    try {
      recorded = await this.orm.em.fork().transactional(async (em) => {
        await em.execute('select pg_advisory_xact_lock(?)', [EVENT_LOG_LOCK]);
        const written: RecordedEvent[] = [];
        for (const append of batch) written.push(...(await this.appendToStream(em, append, metadata)));
        for (const { handler } of this.projections.inline()) {
          await applyBatch(handler, written, em);
        }
        return written;
      });
    } catch (error) {
      if (
        error instanceof UniqueConstraintViolationException &&
        error.message.includes('events_stream_version_unique')
      ) {
        throw new ConcurrencyConflictError(batch[0]!.streamId);
      }
      throw error;
    }
    for (const event of recorded) this.eventBus.publish(new RecordedDomainEvent(event));
    if (recorded.length > 0) this.committed$.next(recorded);
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
    if (append.events.length === 0) {
      if (
        append.expectedVersion !== 'any' &&
        (await this.streamVersion(em, append.streamId)) !== append.expectedVersion
      )
        throw new ConcurrencyConflictError(append.streamId);
      return [];
    }
    // No read of the stream's version of its own: the insert looks it up (appends are
    // serialised by the event log lock), a round trip fewer on every command. At any
    // version the events follow the last one; at an expected version they are inserted
    // only if the stream is still at that version.
    const expected = append.expectedVersion === 'any' ? null : append.expectedVersion;
    const anyVersion = expected === null;
    const rows = await em.execute<EventRow[]>(
      `insert into events (stream_id, stream_type, version, type, schema_version, data, metadata, occurred_at)
       select ?, ?, ${anyVersion ? '(select coalesce(max(version), 0) from events where stream_id = ?) + ' : ''}e.version,
              e.type, e.schema_version, e.data, ?::jsonb, clock_timestamp()
       from jsonb_to_recordset(?::jsonb) as e(version bigint, type text, schema_version smallint, data jsonb)
       ${anyVersion ? '' : 'where (select coalesce(max(version), 0) from events where stream_id = ?) = ?'}
       order by e.version
       returning *`,
      [
        append.streamId,
        append.streamType,
        ...(anyVersion ? [append.streamId] : []),
        JSON.stringify(metadata),
        JSON.stringify(
          append.events.map((event, index) => ({
            version: (expected ?? 0) + index + 1,
            type: event.type,
            schema_version: currentVersionOf(event.type),
            data: event.data,
          })),
        ),
        ...(anyVersion ? [] : [append.streamId, expected]),
      ],
    );
    if (rows.length === 0) throw new ConcurrencyConflictError(append.streamId);
    return rows.map(toRecordedEvent).sort((a, b) => a.version - b.version);
  }

  private async streamVersion(em: EntityManager, streamId: string): Promise<number> {
    const [current] = await em.execute<{ version: string | number }[]>(
      'select coalesce(max(version), 0) as version from events where stream_id = ?',
      [streamId],
    );
    return Number(current?.version ?? 0);
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
