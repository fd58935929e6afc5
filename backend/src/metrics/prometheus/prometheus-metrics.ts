import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { EventStore } from '../../event-store/event-store.service.js';
import { ProjectionRunner } from '../../projections/projection-runner.service.js';
import { RealtimeService } from '../../realtime/realtime.service.js';
import { LATENCY_BUCKET_BOUNDS_MS } from '../domain/latency-histogram.js';
import { MetricsViews } from '../read-model/metrics-views.js';

/**
 * What GET /metrics exposes to Prometheus. Request latencies are this process's own,
 * observed as requests finish; model calls, tokens, cost and the document queue are the
 * figures of every process sharing the database, read at scrape time from the metrics
 * projection; projection lag and sockets are this process's.
 */
@Injectable()
export class PrometheusMetrics {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<'method' | 'route' | 'status_class'>;
  private scrapedModelCalls?: ReturnType<MetricsViews['modelCallsEver']>;

  constructor(views: MetricsViews, eventStore: EventStore, projections: ProjectionRunner, realtime: RealtimeService) {
    const registers = [this.registry];
    this.requestDuration = new Histogram({
      name: 'docent_http_request_duration_seconds',
      help: 'API requests answered by this process, by route pattern and status class (its _count: the requests)',
      labelNames: ['method', 'route', 'status_class'],
      buckets: LATENCY_BUCKET_BOUNDS_MS.map((ms) => ms / 1000),
      registers,
    });
    // Each scrape reads the model figures once, for all three counters.
    const modelFigures = () => (this.scrapedModelCalls ??= views.modelCallsEver());
    new Counter({
      name: 'docent_model_calls_total',
      help: 'Calls to model providers, by model, provider and outcome',
      labelNames: ['model', 'provider', 'outcome'],
      registers,
      async collect() {
        this.reset();
        for (const call of await modelFigures()) {
          const labels = { model: call.modelId, provider: call.providerId };
          this.inc({ ...labels, outcome: 'success' }, call.calls - call.errors);
          this.inc({ ...labels, outcome: 'error' }, call.errors);
        }
      },
    });
    new Counter({
      name: 'docent_model_tokens_total',
      help: 'Tokens of model calls, by model, provider and direction (input or output)',
      labelNames: ['model', 'provider', 'direction'],
      registers,
      async collect() {
        this.reset();
        for (const call of await modelFigures()) {
          const labels = { model: call.modelId, provider: call.providerId };
          this.inc({ ...labels, direction: 'input' }, call.inputTokens);
          this.inc({ ...labels, direction: 'output' }, call.outputTokens);
        }
      },
    });
    new Counter({
      name: 'docent_model_cost_dollars_total',
      help: 'Cost of model calls in US dollars, by model and provider',
      labelNames: ['model', 'provider'],
      registers,
      async collect() {
        this.reset();
        for (const call of await modelFigures())
          this.inc({ model: call.modelId, provider: call.providerId }, call.cost);
      },
    });
    new Gauge({
      name: 'docent_document_processing_queue_depth',
      help: 'Documents uploaded or sent for reprocessing and not yet processed (or failed)',
      registers,
      async collect() {
        this.set(await views.documentsWaiting());
      },
    });
    new Gauge({
      name: 'docent_projection_lag_events',
      help: "Events in the log that an asynchronous projection has not applied yet, by projection (this process's view)",
      labelNames: ['projection'],
      registers,
      async collect() {
        const head = await eventStore.headPosition();
        for (const { name, checkpoint } of await projections.status()) {
          this.set({ projection: name }, Math.max(0, head - checkpoint));
        }
      },
    });
    new Gauge({
      name: 'docent_websocket_connections',
      help: 'Sockets open on this process',
      registers,
      collect() {
        this.set(realtime.connectedSocketCount());
      },
    });
  }

  /** The hot path: one request's latency. */
  observeRequest(method: string, route: string, statusClass: string, durationMs: number): void {
    this.requestDuration.observe({ method, route, status_class: statusClass }, durationMs / 1000);
  }

  /** The text exposition format, and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    try {
      return { contentType: this.registry.contentType, body: await this.registry.metrics() };
    } finally {
      this.scrapedModelCalls = undefined;
    }
  }
}
