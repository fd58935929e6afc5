/**
 * The metrics feature's own events, declared here rather than borrowed from the API: a
 * stored event must never change because an API type did.
 */

/** 2xx, 3xx, 4xx or 5xx. */
export type StatusClass = '1xx' | '2xx' | '3xx' | '4xx' | '5xx';

/** The requests one process answered on one route, with one status class, in one minute. */
export interface RouteTraffic {
  method: string;
  /** The route's pattern as the server declares it (`/api/documents/:id`), never the requested URL. */
  route: string;
  statusClass: StatusClass;
  requests: number;
  /** Milliseconds, summed over the requests. */
  totalMs: number;
  maxMs: number;
  /** Requests per latency bucket, in the order of LATENCY_BUCKET_BOUNDS_MS (the last: slower than every bound). */
  latencyBuckets: number[];
}

/** The requests one signed-in caller made in the minute. */
export interface CallerTraffic {
  userId: string;
  requests: number;
  /** Answered with a 5xx. */
  errors: number;
}

declare module '../../event-store/domain-event.js' {
  interface DomainEventMap {
    /**
     * One minute of one process's API requests, aggregated in memory and recorded once
     * the minute is over (or when the process stops), instead of an event per request.
     */
    ApiTrafficRecorded: {
      /** ISO start of the minute (UTC). */
      minute: string;
      routes: RouteTraffic[];
      callers: CallerTraffic[];
    };
  }
}

export const API_TRAFFIC_STREAM_TYPE = 'api-traffic';
/** Traffic is a fact with nothing to decide, so the one stream is appended to without a version check. */
export const API_TRAFFIC_STREAM_ID = 'api-traffic';
