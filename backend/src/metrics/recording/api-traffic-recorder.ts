import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Decisions } from '../../event-store/decisions.service.js';
import { apiTrafficDecider, type MinuteOfTraffic } from '../domain/api-traffic.decider.js';
import { emptyLatencyBuckets, latencyBucketOf } from '../domain/latency-histogram.js';
import {
  API_TRAFFIC_STREAM_ID,
  type CallerTraffic,
  type RouteTraffic,
  type StatusClass,
} from '../domain/metrics.events.js';

const MINUTE_MS = 60_000;

interface MinuteBucket {
  routes: Map<string, RouteTraffic>;
  callers: Map<string, CallerTraffic>;
}

/** This process's requests not yet in the log: what the figures add to the projected ones. */
export interface UnrecordedTraffic {
  /** Start of each minute (ms since the epoch) with its requests, errors and summed milliseconds. */
  minutes: { start: number; requests: number; errors: number; totalMs: number }[];
  /** The callers of those minutes, with the start of the last minute each made a request in. */
  callers: Map<string, number>;
}

export const statusClassOf = (status: number): StatusClass =>
  `${Math.min(Math.max(Math.floor(status / 100), 1), 5)}xx` as StatusClass;

/**
 * Counts API requests in memory, a minute at a time, and records each finished minute as
 * one ApiTrafficRecorded event: the request itself only updates a few counters. Minutes
 * that fail to be written are kept and tried again; everything is written on shutdown.
 */
@Injectable()
export class ApiTrafficRecorder implements BeforeApplicationShutdown {
  private readonly logger = new Logger(ApiTrafficRecorder.name);
  private readonly minutes = new Map<number, MinuteBucket>();
  private currentMinute = -1;
  private current: MinuteBucket | undefined;
  private timer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly decisions: Decisions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Writes finished minutes every flush interval, from now until shutdown. */
  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.config.metrics.flushIntervalMs);
    this.timer.unref();
  }

  /** The hot path: one request's outcome, added to its minute. */
  record(
    method: string,
    route: string,
    status: number,
    durationMs: number,
    userId: string | null,
    now = Date.now(),
  ): void {
    const minute = Math.floor(now / MINUTE_MS);
    if (minute !== this.currentMinute || !this.current) {
      this.currentMinute = minute;
      this.current = this.minutes.get(minute);
      if (!this.current) {
        this.current = { routes: new Map(), callers: new Map() };
        this.minutes.set(minute, this.current);
      }
    }
    const statusClass = statusClassOf(status);
    const key = `${method} ${statusClass} ${route}`;
    let traffic = this.current.routes.get(key);
    if (!traffic) {
      traffic = {
        method,
        route,
        statusClass,
        requests: 0,
        totalMs: 0,
        maxMs: 0,
        latencyBuckets: emptyLatencyBuckets(),
      };
      this.current.routes.set(key, traffic);
    }
    const ms = Math.round(durationMs);
    traffic.requests += 1;
    traffic.totalMs += ms;
    if (ms > traffic.maxMs) traffic.maxMs = ms;
    traffic.latencyBuckets[latencyBucketOf(ms)]! += 1;
    if (userId !== null) {
      let caller = this.current.callers.get(userId);
      if (!caller) {
        caller = { userId, requests: 0, errors: 0 };
        this.current.callers.set(userId, caller);
      }
      caller.requests += 1;
      if (statusClass === '5xx') caller.errors += 1;
    }
  }

  /** What this process counted and has not written yet. */
  unrecorded(): UnrecordedTraffic {
    const traffic: UnrecordedTraffic = { minutes: [], callers: new Map() };
    for (const [minute, bucket] of this.minutes) {
      const start = minute * MINUTE_MS;
      let requests = 0;
      let errors = 0;
      let totalMs = 0;
      for (const route of bucket.routes.values()) {
        requests += route.requests;
        totalMs += route.totalMs;
        if (route.statusClass === '5xx') errors += route.requests;
      }
      traffic.minutes.push({ start, requests, errors, totalMs });
      for (const userId of bucket.callers.keys()) {
        traffic.callers.set(userId, Math.max(traffic.callers.get(userId) ?? 0, start));
      }
    }
    return traffic;
  }

  /**
   * Writes every finished minute (with `everything`, the current one too). Resolves once
   * written, or once a failed write has been put back for the next try.
   */
  flush({ everything = false }: { everything?: boolean } = {}): Promise<void> {
    this.writing = this.writing.then(() => this.writeFinished(everything));
    return this.writing;
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush({ everything: true });
  }

  private async writeFinished(everything: boolean): Promise<void> {
    const now = Math.floor(Date.now() / MINUTE_MS);
    const finished = [...this.minutes].filter(([minute]) => everything || minute < now).sort(([a], [b]) => a - b);
    if (finished.length === 0) return;
    for (const [minute] of finished) this.minutes.delete(minute);
    this.current = undefined;
    const minutes: MinuteOfTraffic[] = finished.map(([minute, bucket]) => ({
      minute: new Date(minute * MINUTE_MS).toISOString(),
      routes: [...bucket.routes.values()],
      callers: [...bucket.callers.values()],
    }));
    try {
      await this.decisions.handle(
        apiTrafficDecider,
        API_TRAFFIC_STREAM_ID,
        { type: 'RecordTraffic', minutes },
        { actorId: null },
      );
    } catch (error) {
      this.logger.error(
        `Could not record ${minutes.length} minute(s) of API traffic; retrying: ${error instanceof Error ? error.message : error}`,
      );
      for (const [minute, bucket] of finished) this.restore(minute, bucket);
    }
  }

  /** Puts an unwritten minute back, merged with whatever arrived for it since. */
  private restore(minute: number, bucket: MinuteBucket): void {
    const now = this.minutes.get(minute);
    if (!now) {
      this.minutes.set(minute, bucket);
      return;
    }
    for (const [key, traffic] of bucket.routes) {
      const merged = now.routes.get(key);
      if (!merged) now.routes.set(key, traffic);
      else {
        merged.requests += traffic.requests;
        merged.totalMs += traffic.totalMs;
        merged.maxMs = Math.max(merged.maxMs, traffic.maxMs);
        traffic.latencyBuckets.forEach((count, index) => (merged.latencyBuckets[index]! += count));
      }
    }
    for (const [userId, caller] of bucket.callers) {
      const merged = now.callers.get(userId);
      if (!merged) now.callers.set(userId, caller);
      else {
        merged.requests += caller.requests;
        merged.errors += caller.errors;
      }
    }
  }
}
