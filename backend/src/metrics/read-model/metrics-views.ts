import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import { LATENCY_BUCKET_COUNT, emptyLatencyBuckets } from '../domain/latency-histogram.js';
import type { CountedMetric } from './metrics.projection.js';

/** A time window: from inclusive, to exclusive. */
export interface Window {
  from: Date;
  to: Date;
}

export interface TrafficFigures {
  requests: number;
  errors: number;
  totalMs: number;
}

export interface ModelFigures {
  calls: number;
  errors: number;
  inputTokens: number;
  outputTokens: number;
  cost: number;
  totalMs: number;
}

export interface LatencyHistogram {
  buckets: number[];
  maxMs: number;
}

export interface ModelRow extends ModelFigures {
  bucket: Date;
  modelId: string;
  providerId: string;
}

export interface UserRow {
  bucket: Date;
  userId: string;
  requests: number;
  errors: number;
  tokens: number;
  cost: number;
}

type Row = Record<string, unknown>;

const number = (value: unknown): number => Number(value ?? 0);
const date = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

/** `date_trunc` unit of a series' buckets. */
export type BucketUnit = 'hour' | 'day';

/** Reads the metrics projection's tables; every method answers for the window it is given. */
@Injectable()
export class MetricsViews {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  private sql<T = Row>(query: string, parameters: unknown[] = []): Promise<T[]> {
    return this.orm.em.fork().execute<T[]>(query, parameters);
  }

  /** API requests per bucket of the window. */
  async trafficByBucket(window: Window, unit: BucketUnit): Promise<Map<number, TrafficFigures>> {
    const rows = await this.sql(
      `select date_trunc('${unit}', hour, 'UTC') as bucket, sum(requests) as requests,
              sum(case when status_class = '5xx' then requests else 0 end) as errors, sum(total_ms) as total_ms
       from metrics_api_hours where hour >= ? and hour < ? group by 1`,
      [window.from, window.to],
    );
    return new Map(
      rows.map((row) => [
        date(row.bucket).getTime(),
        { requests: number(row.requests), errors: number(row.errors), totalMs: number(row.total_ms) },
      ]),
    );
  }

  /** API requests in the minutes of the window. */
  async trafficInMinutes(window: Window): Promise<TrafficFigures> {
    const [row] = await this.sql(
      `select coalesce(sum(requests), 0) as requests, coalesce(sum(errors), 0) as errors, coalesce(sum(total_ms), 0) as total_ms
       from metrics_api_minutes where minute >= ? and minute < ?`,
      [window.from, window.to],
    );
    return { requests: number(row!.requests), errors: number(row!.errors), totalMs: number(row!.total_ms) };
  }

  /** Latency buckets summed per slot of `slotHours` hours counted from the window's start; slot -1: the whole window. */
  async latencyHistograms(window: Window, slotHours?: number): Promise<Map<number, LatencyHistogram>> {
    const slot = slotHours ? `floor(extract(epoch from (hour - ?::timestamptz)) / ${slotHours * 3600})::int` : '-1';
    const rows = await this.sql(
      `select ${slot} as slot, u.i as bucket, sum(u.b) as count, max(max_ms) as max_ms
       from metrics_api_hours, unnest(latency_buckets) with ordinality as u(b, i)
       where hour >= ? and hour < ? group by 1, 2`,
      slotHours ? [window.from, window.from, window.to] : [window.from, window.to],
    );
    const histograms = new Map<number, LatencyHistogram>();
    for (const row of rows) {
      const key = number(row.slot);
      const histogram = histograms.get(key) ?? { buckets: emptyLatencyBuckets(), maxMs: 0 };
      const index = number(row.bucket) - 1;
      if (index < LATENCY_BUCKET_COUNT) histogram.buckets[index] = number(row.count);
      histogram.maxMs = Math.max(histogram.maxMs, number(row.max_ms));
      histograms.set(key, histogram);
    }
    return histograms;
  }

  /** Requests and 5xx answers per route (`METHOD pattern`). */
  async trafficByRoute(window: Window): Promise<{ route: string; requests: number; errors: number }[]> {
    const rows = await this.sql(
      `select method || ' ' || route as route, sum(requests) as requests,
              sum(case when status_class = '5xx' then requests else 0 end) as errors
       from metrics_api_hours where hour >= ? and hour < ? group by 1 order by 3 desc, 2 desc, 1`,
      [window.from, window.to],
    );
    return rows.map((row) => ({
      route: String(row.route),
      requests: number(row.requests),
      errors: number(row.errors),
    }));
  }

  /** Requests in each hour of the (UTC) day, 0 to 23, over the window. */
  async trafficByHourOfDay(window: Window): Promise<Map<number, number>> {
    const rows = await this.sql(
      `select extract(hour from hour at time zone 'UTC')::int as hour_of_day, sum(requests) as requests
       from metrics_api_hours where hour >= ? and hour < ? group by 1`,
      [window.from, window.to],
    );
    return new Map(rows.map((row) => [number(row.hour_of_day), number(row.requests)]));
  }

  /** Model calls per bucket and model. */
  async modelCalls(window: Window, unit: BucketUnit): Promise<ModelRow[]> {
    const rows = await this.sql(
      `select date_trunc('${unit}', hour, 'UTC') as bucket, model_id, provider_id, sum(calls) as calls, sum(errors) as errors,
              sum(input_tokens) as input_tokens, sum(output_tokens) as output_tokens, sum(cost) as cost, sum(total_ms) as total_ms
       from metrics_model_hours where hour >= ? and hour < ? group by 1, 2, 3`,
      [window.from, window.to],
    );
    return rows.map((row) => ({
      bucket: date(row.bucket),
      modelId: String(row.model_id),
      providerId: String(row.provider_id),
      calls: number(row.calls),
      errors: number(row.errors),
      inputTokens: number(row.input_tokens),
      outputTokens: number(row.output_tokens),
      cost: number(row.cost),
      totalMs: number(row.total_ms),
    }));
  }

  /** Model calls of all time, per model: what the Prometheus counters report. */
  async modelCallsEver(): Promise<Omit<ModelRow, 'bucket'>[]> {
    const rows = await this.sql(
      `select model_id, provider_id, sum(calls) as calls, sum(errors) as errors, sum(input_tokens) as input_tokens,
              sum(output_tokens) as output_tokens, sum(cost) as cost, sum(total_ms) as total_ms
       from metrics_model_hours group by 1, 2 order by 1`,
    );
    return rows.map((row) => ({
      modelId: String(row.model_id),
      providerId: String(row.provider_id),
      calls: number(row.calls),
      errors: number(row.errors),
      inputTokens: number(row.input_tokens),
      outputTokens: number(row.output_tokens),
      cost: number(row.cost),
      totalMs: number(row.total_ms),
    }));
  }

  /** Per-user usage per bucket; only `userId`'s when given. */
  async userUsage(window: Window, unit: BucketUnit, userId?: string): Promise<UserRow[]> {
    const rows = await this.sql(
      `select date_trunc('${unit}', hour, 'UTC') as bucket, user_id, sum(requests) as requests, sum(errors) as errors,
              sum(tokens) as tokens, sum(cost) as cost
       from metrics_user_hours where hour >= ? and hour < ? ${userId ? 'and user_id = ?' : ''} group by 1, 2`,
      userId ? [window.from, window.to, userId] : [window.from, window.to],
    );
    return rows.map((row) => ({
      bucket: date(row.bucket),
      userId: String(row.user_id),
      requests: number(row.requests),
      errors: number(row.errors),
      tokens: number(row.tokens),
      cost: number(row.cost),
    }));
  }

  async counts(window: Window): Promise<Partial<Record<CountedMetric, number>>> {
    const rows = await this.sql(
      'select metric, sum(count) as count from metrics_counts_hourly where hour >= ? and hour < ? group by 1',
      [window.from, window.to],
    );
    return Object.fromEntries(rows.map((row) => [String(row.metric), number(row.count)]));
  }

  /** The users seen (a request or a sign-in) at or after `since`. */
  async usersSeenSince(since: Date): Promise<string[]> {
    const rows = await this.sql<{ user_id: string }>(
      'select user_id from metrics_user_last_seen where last_seen >= ?',
      [since],
    );
    return rows.map((row) => row.user_id);
  }

  async openSessions(now: Date): Promise<number> {
    const [row] = await this.sql('select count(*) as open from metrics_sessions where not revoked and expires_at > ?', [
      now,
    ]);
    return number(row!.open);
  }

  async usersRegisteredBy(at: Date): Promise<number> {
    const [row] = await this.sql('select count(*) as users from metrics_users where registered_at < ?', [at]);
    return number(row!.users);
  }

  async userNames(userIds: readonly string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.sql<{ user_id: string; name: string }>(
      `select user_id, name from metrics_users where user_id in (${userIds.map(() => '?').join(', ')})`,
      [...userIds],
    );
    return new Map(rows.map((row) => [row.user_id, row.name]));
  }

  /** The names given to added providers (the built-in ones are named by their plugins). */
  async providerNames(): Promise<Map<string, string>> {
    const rows = await this.sql<{ provider_id: string; name: string }>(
      'select provider_id, name from metrics_providers',
    );
    return new Map(rows.map((row) => [row.provider_id, row.name]));
  }

  async topSearches(window: Window, limit: number, userId?: string): Promise<{ query: string; count: number }[]> {
    const rows = await this.sql(
      `select query, sum(count) as count from metrics_search_queries
       where day >= ?::date and day <= ?::date ${userId ? 'and user_id = ?' : ''}
       group by 1 order by 2 desc, 1 limit ${limit}`,
      [window.from.toISOString().slice(0, 10), window.to.toISOString().slice(0, 10), ...(userId ? [userId] : [])],
    );
    return rows.map((row) => ({ query: String(row.query), count: number(row.count) }));
  }

  async documentsWaiting(): Promise<number> {
    const [row] = await this.sql('select count(*) as waiting from metrics_documents_pending');
    return number(row!.waiting);
  }

  /** Each component's samples in the window: the worst status seen per bucket. */
  async componentHistory(
    window: Window,
    unit: BucketUnit,
  ): Promise<{ component: string; bucket: Date; status: string }[]> {
    const rows = await this.sql(
      `select component, date_trunc('${unit}', minute, 'UTC') as bucket,
              case max(case status when 'ready' then 0 when 'degraded' then 1 else 2 end)
                when 0 then 'ready' when 1 then 'degraded' else 'unavailable' end as status
       from metrics_component_samples where minute >= ? and minute < ? group by 1, 2 order by 1, 2`,
      [window.from, window.to],
    );
    return rows.map((row) => ({
      component: String(row.component),
      bucket: date(row.bucket),
      status: String(row.status),
    }));
  }

  /** Minutes sampled in the window with the database ready, and the first sampled minute ever. */
  async databaseReadyMinutes(window: Window): Promise<{ ready: number; firstSample: Date | null }> {
    const [row] = await this.sql(
      `select (select count(*) from metrics_component_samples
                 where component = 'database' and status = 'ready' and minute >= ? and minute < ?) as ready,
              (select min(minute) from metrics_component_samples) as first_sample`,
      [window.from, window.to],
    );
    return { ready: number(row!.ready), firstSample: row!.first_sample ? date(row!.first_sample) : null };
  }
}
