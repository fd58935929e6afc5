import type { NextFunction, Request, Response } from 'express';
import type { AuthenticatedRequest } from '../../auth/access.decorators.js';
import type { PrometheusMetrics } from '../prometheus/prometheus-metrics.js';
import { statusClassOf, type ApiTrafficRecorder } from './api-traffic-recorder.js';

/** Requests under these prefixes that no route matched still count, as one route. */
const API_PREFIXES = ['/api/', '/v1/'];
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Times every API request and, once answered, adds it to this minute's traffic and to the
 * Prometheus histogram under the route's pattern (never the URL, which carries ids).
 * Pages of the web app and their assets are not API requests and are left out.
 */
export function recordApiTraffic(recorder: ApiTrafficRecorder, prometheus: PrometheusMetrics) {
  return (request: Request & AuthenticatedRequest, response: Response, next: NextFunction): void => {
    const started = performance.now();
    response.once('finish', () => {
      const route = routeOf(request);
      if (route === null) return;
      const durationMs = performance.now() - started;
      recorder.record(request.method, route, response.statusCode, durationMs, request.principal?.userId ?? null);
      prometheus.observeRequest(request.method, route, statusClassOf(response.statusCode), durationMs);
    });
    next();
  };
}

function routeOf(request: Request): string | null {
  const pattern = (request.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === 'string') return pattern;
  const path = request.originalUrl;
  return API_PREFIXES.some((prefix) => path.startsWith(prefix)) ? UNMATCHED_ROUTE : null;
}
