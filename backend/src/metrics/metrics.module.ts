import { Module } from '@nestjs/common';
import { PluginsModule } from '../plugins/plugins.module.js';
import { StatusModule } from '../status/status.module.js';
import { LiveMetricsPublisher } from './live/live-metrics-publisher.js';
import { MetricsController } from './metrics.controller.js';
import { PrometheusController } from './prometheus/prometheus.controller.js';
import { PrometheusMetrics } from './prometheus/prometheus-metrics.js';
import { ExportAnalyticsReportHandler } from './queries/export-analytics-report.handler.js';
import { GetAnalyticsReportHandler } from './queries/get-analytics-report.handler.js';
import { GetDashboardMetricsHandler } from './queries/get-dashboard-metrics.handler.js';
import { GetRealtimeMetricsHandler } from './queries/get-realtime-metrics.handler.js';
import { AnalyticsReports } from './read-model/analytics-reports.js';
import { DashboardFigures } from './read-model/dashboard-figures.js';
import { MetricsProjection } from './read-model/metrics.projection.js';
import { MetricsViews } from './read-model/metrics-views.js';
import { ApiTrafficRecorder } from './recording/api-traffic-recorder.js';
import { ComponentSampler } from './recording/component-sampler.js';

/**
 * The Dashboard's and Analytics' figures, the live metrics channel and /metrics: API
 * traffic counted in memory and written a minute at a time, everything else folded from
 * the events the other features record.
 */
@Module({
  imports: [PluginsModule, StatusModule],
  controllers: [MetricsController, PrometheusController],
  providers: [
    MetricsProjection,
    MetricsViews,
    DashboardFigures,
    AnalyticsReports,
    ApiTrafficRecorder,
    ComponentSampler,
    LiveMetricsPublisher,
    PrometheusMetrics,
    GetDashboardMetricsHandler,
    GetRealtimeMetricsHandler,
    GetAnalyticsReportHandler,
    ExportAnalyticsReportHandler,
  ],
})
export class MetricsModule {
  constructor(
    private readonly traffic: ApiTrafficRecorder,
    private readonly sampler: ComponentSampler,
    private readonly live: LiveMetricsPublisher,
  ) {}

  /** The server's background work: writing traffic, sampling components, pushing live figures (not the command-line tools'). */
  start(): void {
    this.traffic.start();
    this.sampler.start();
    this.live.start();
  }
}
