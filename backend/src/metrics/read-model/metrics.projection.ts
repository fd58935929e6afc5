import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/sql';
import { documentIdOf } from '../../documents/domain/document.events.js';
import type { RecordedEvent } from '../../event-store/domain-event.js';
import { Projection, type ProjectionHandler } from '../../projections/projection.js';
import type { CallerTraffic } from '../domain/metrics.events.js';
import { dayOf, hourOf } from './time-buckets.js';

/** The counted occurrences kept per hour, by name. */
export type CountedMetric =
  | 'login'
  | 'user-registered'
  | 'search'
  | 'search-failed'
  | 'chat-session'
  | 'chat-answer'
  | 'chat-failure'
  | 'document-processed'
  | 'document-failed'
  | 'tool-execution'
  | 'tool-error';

/** Every table the projection builds, emptied before a rebuild. */
export const METRICS_TABLES = [
  'metrics_api_minutes',
  'metrics_api_hours',
  'metrics_model_hours',
  'metrics_user_hours',
  'metrics_user_last_seen',
  'metrics_counts_hourly',
  'metrics_search_queries',
  'metrics_users',
  'metrics_providers',
  'metrics_sessions',
  'metrics_documents_pending',
] as const;

/** Searches are counted by their text as typed, without case or repeated spaces, up to this length. */
const SEARCH_TEXT_LENGTH = 200;

/**
 * The figures of the Dashboard, Analytics and /metrics, folded from the log: API traffic by
 * minute and by hour and route (with latency buckets), model calls by hour and model,
 * per-user usage by hour, counted occurrences by hour, searches by day. Every bucket comes
 * from the event (its recorded minute, or when it occurred), never from the clock, so a
 * rebuild gives the same rows.
 */
@Projection({ name: 'metrics', mode: 'async' })
@Injectable()
export class MetricsProjection implements ProjectionHandler {
  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    await this.applyAll([event], em);
  }

  /**
   * Counted occurrences, searches by text and model calls, the bulk of the log, are summed
   * over the batch and go in with a statement or two each; everything else one event at a time.
   */
  async applyAll(events: readonly RecordedEvent[], em: EntityManager): Promise<void> {
    const counts = new Map<string, { hour: string; metric: CountedMetric; count: number }>();
    const searches = new Map<string, { day: string; user_id: string; query: string; count: number }>();
    const calls: RecordedEvent<'ModelInvoked'>[] = [];
    for (const event of events) {
      for (const metric of countedAs(event)) {
        const hour = hourOf(event.occurredAt).toISOString();
        const key = `${hour} ${metric}`;
        const counted = counts.get(key) ?? { hour, metric, count: 0 };
        counted.count += 1;
        counts.set(key, counted);
      }
      if (event.type === 'SearchPerformed') {
        const text = event.data.query.trim().replace(/\s+/g, ' ').toLowerCase().slice(0, SEARCH_TEXT_LENGTH);
        if (!text) continue;
        const day = dayOf(event.occurredAt);
        const key = JSON.stringify([day, event.data.userId, text]);
        const searched = searches.get(key) ?? { day, user_id: event.data.userId, query: text, count: 0 };
        searched.count += 1;
        searches.set(key, searched);
      } else if (event.type === 'ModelInvoked') calls.push(event as RecordedEvent<'ModelInvoked'>);
      else await this.applyOther(event, em);
    }
    if (calls.length > 0) await this.recordModelCalls(em, calls);
    if (counts.size > 0) {
      await em.execute(
        `insert into metrics_counts_hourly as c (hour, metric, count)
         select hour, metric, count from jsonb_to_recordset(?::jsonb) as x(hour timestamptz, metric varchar(40), count int)
         on conflict (hour, metric) do update set count = c.count + excluded.count`,
        [JSON.stringify([...counts.values()])],
      );
    }
    if (searches.size > 0) {
      await em.execute(
        `insert into metrics_search_queries as q (day, user_id, query, count)
         select day, user_id, query, count from jsonb_to_recordset(?::jsonb) as x(day date, user_id uuid, query varchar(200), count int)
         on conflict (day, user_id, query) do update set count = q.count + excluded.count`,
        [JSON.stringify([...searches.values()])],
      );
    }
  }

  /** An event that is neither counted nor summed. */
  private async applyOther(event: RecordedEvent, em: EntityManager): Promise<void> {
    switch (event.type) {
      case 'ApiTrafficRecorded':
        return this.recordTraffic(em, event as RecordedEvent<'ApiTrafficRecorded'>);
      case 'UserRegistered':
        await em.execute(
          'insert into metrics_users (user_id, name, registered_at) values (?, ?, ?) on conflict (user_id) do nothing',
          [event.data.userId, event.data.name, event.occurredAt],
        );
        return;
      case 'UserProfileUpdated':
        if (event.data.name !== undefined) {
          await em.execute('update metrics_users set name = ? where user_id = ?', [event.data.name, userIdOf(event)]);
        }
        return;
      case 'UserLoggedIn':
        return this.seen(em, userIdOf(event), event.occurredAt);
      case 'SessionStarted':
        await em.execute(
          'insert into metrics_sessions (session_id, expires_at, revoked) values (?, ?, false) on conflict (session_id) do nothing',
          [event.data.sessionId, event.data.expiresAt],
        );
        return;
      case 'SessionRefreshed':
        await em.execute('update metrics_sessions set expires_at = ? where session_id = ?', [
          event.data.expiresAt,
          sessionIdOf(event),
        ]);
        return;
      case 'SessionRevoked':
        await em.execute('update metrics_sessions set revoked = true where session_id = ?', [sessionIdOf(event)]);
        return;
      case 'ProviderAdded':
        await em.execute(
          'insert into metrics_providers (provider_id, name) values (?, ?) on conflict (provider_id) do update set name = excluded.name',
          [event.data.providerId, event.data.name],
        );
        return;
      case 'DocumentUploaded':
      case 'DocumentReprocessRequested':
        await em.execute('insert into metrics_documents_pending (document_id) values (?) on conflict do nothing', [
          documentIdOf(event.streamId),
        ]);
        return;
      case 'DocumentProcessed':
      case 'DocumentProcessingFailed':
      case 'DocumentDeleted':
        await em.execute('delete from metrics_documents_pending where document_id = ?', [documentIdOf(event.streamId)]);
        return;
      default:
        return;
    }
  }

  async reset(em: EntityManager): Promise<void> {
    for (const table of METRICS_TABLES) await em.execute(`delete from ${table}`);
  }

  private async recordTraffic(em: EntityManager, event: RecordedEvent<'ApiTrafficRecorded'>): Promise<void> {
    const { minute, routes, callers } = event.data;
    const hour = hourOf(new Date(minute));
    let requests = 0;
    let errors = 0;
    let totalMs = 0;
    for (const route of routes) {
      requests += route.requests;
      totalMs += route.totalMs;
      if (route.statusClass === '5xx') errors += route.requests;
      await em.execute(
        `insert into metrics_api_hours as h (hour, method, route, status_class, requests, total_ms, max_ms, latency_buckets)
         values (?, ?, ?, ?, ?, ?, ?, ?::bigint[])
         on conflict (hour, method, route, status_class) do update set
           requests = h.requests + excluded.requests, total_ms = h.total_ms + excluded.total_ms,
           max_ms = greatest(h.max_ms, excluded.max_ms),
           latency_buckets = array(select a + b from unnest(h.latency_buckets, excluded.latency_buckets) as u(a, b))`,
        [
          hour,
          route.method,
          route.route.slice(0, 300),
          route.statusClass,
          route.requests,
          route.totalMs,
          route.maxMs,
          `{${route.latencyBuckets.join(',')}}`,
        ],
      );
    }
    await em.execute(
      `insert into metrics_api_minutes as m (minute, requests, errors, total_ms) values (?, ?, ?, ?)
       on conflict (minute) do update set requests = m.requests + excluded.requests, errors = m.errors + excluded.errors,
         total_ms = m.total_ms + excluded.total_ms`,
      [minute, requests, errors, totalMs],
    );
    for (const caller of callers) {
      await this.addCallerTraffic(em, hour, caller);
      await this.seen(em, caller.userId, new Date(minute));
    }
  }

  /**
   * Adds calls to their model's and their caller's hour. Summed in SQL over exact numerics,
   * so a batch of any size gives the rows that one call at a time would.
   */
  private async recordModelCalls(em: EntityManager, events: readonly RecordedEvent<'ModelInvoked'>[]): Promise<void> {
    const calls = events.map(({ data: call, occurredAt }) => ({
      hour: hourOf(occurredAt).toISOString(),
      model_id: call.modelId,
      provider_id: call.providerId,
      user_id: call.userId,
      errors: call.outcome === 'success' ? 0 : 1,
      input_tokens: call.inputTokens,
      output_tokens: call.outputTokens,
      cost: call.cost,
      total_ms: Math.round(call.latencyMs),
    }));
    const recordset = `jsonb_to_recordset(?::jsonb) as x(hour timestamptz, model_id varchar(300), provider_id varchar(200),
      user_id uuid, errors int, input_tokens bigint, output_tokens bigint, cost numeric(24,12), total_ms bigint)`;
    await em.execute(
      `insert into metrics_model_hours as h (hour, model_id, provider_id, calls, errors, input_tokens, output_tokens, cost, total_ms)
       select hour, model_id, min(provider_id), count(*), sum(errors), sum(input_tokens), sum(output_tokens), sum(cost), sum(total_ms)
       from ${recordset} group by hour, model_id
       on conflict (hour, model_id) do update set calls = h.calls + excluded.calls, errors = h.errors + excluded.errors,
         input_tokens = h.input_tokens + excluded.input_tokens, output_tokens = h.output_tokens + excluded.output_tokens,
         cost = h.cost + excluded.cost, total_ms = h.total_ms + excluded.total_ms`,
      [JSON.stringify(calls)],
    );
    const byCallers = calls.filter((call) => call.user_id !== null);
    if (byCallers.length === 0) return;
    await em.execute(
      `insert into metrics_user_hours as u (hour, user_id, requests, errors, model_calls, model_errors, tokens, cost)
       select hour, user_id, 0, 0, count(*), sum(errors), sum(input_tokens + output_tokens), sum(cost)
       from ${recordset} group by hour, user_id
       on conflict (hour, user_id) do update set model_calls = u.model_calls + excluded.model_calls,
         model_errors = u.model_errors + excluded.model_errors, tokens = u.tokens + excluded.tokens, cost = u.cost + excluded.cost`,
      [JSON.stringify(byCallers)],
    );
  }

  private async addCallerTraffic(em: EntityManager, hour: Date, caller: CallerTraffic): Promise<void> {
    await em.execute(
      `insert into metrics_user_hours as u (hour, user_id, requests, errors, model_calls, model_errors, tokens, cost)
       values (?, ?, ?, ?, 0, 0, 0, 0)
       on conflict (hour, user_id) do update set requests = u.requests + excluded.requests, errors = u.errors + excluded.errors`,
      [hour, caller.userId, caller.requests, caller.errors],
    );
  }

  private async seen(em: EntityManager, userId: string, at: Date): Promise<void> {
    await em.execute(
      `insert into metrics_user_last_seen as s (user_id, last_seen) values (?, ?)
       on conflict (user_id) do update set last_seen = greatest(s.last_seen, excluded.last_seen)`,
      [userId, at],
    );
  }
}

/** What an event adds one to, in the hour it occurred. A newly counted event type is one case here. */
function countedAs(event: RecordedEvent): CountedMetric[] {
  switch (event.type) {
    case 'UserLoggedIn':
      return ['login'];
    case 'UserRegistered':
      return ['user-registered'];
    case 'SearchPerformed':
      return event.data.success ? ['search'] : ['search', 'search-failed'];
    case 'ChatSessionStarted':
      return ['chat-session'];
    case 'ChatAnswered':
      return ['chat-answer'];
    case 'ChatAnswerFailed':
      return ['chat-failure'];
    case 'DocumentProcessed':
      return ['document-processed'];
    case 'DocumentProcessingFailed':
      return ['document-failed'];
    case 'ToolExecuted':
      return event.data.outcome === 'success' ? ['tool-execution'] : ['tool-execution', 'tool-error'];
    default:
      return [];
  }
}

const userIdOf = (event: RecordedEvent) => event.streamId.slice('user-'.length);
const sessionIdOf = (event: RecordedEvent) => event.streamId.slice('session-'.length);
