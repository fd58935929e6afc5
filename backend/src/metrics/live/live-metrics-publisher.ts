import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { RealtimeService } from '../../realtime/realtime.service.js';
import { GetRealtimeMetricsQuery } from '../queries/get-realtime-metrics.query.js';

/** How often the metrics channel's subscribers get fresh figures: as often as the Dashboard would poll. */
export const LIVE_METRICS_INTERVAL_MS = 5_000;

/**
 * Pushes the Realtime metrics to the sockets of this process that follow the metrics
 * channel, every few seconds; with no subscriber, nothing is read.
 */
@Injectable()
export class LiveMetricsPublisher implements BeforeApplicationShutdown {
  private readonly logger = new Logger(LiveMetricsPublisher.name);
  private timer?: NodeJS.Timeout;
  private publishing = false;

  constructor(
    private readonly queries: QueryBus,
    private readonly realtime: RealtimeService,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.publish(), LIVE_METRICS_INTERVAL_MS);
    this.timer.unref();
  }

  beforeApplicationShutdown(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One push, unless nobody follows the channel or the previous push is still being read. */
  async publish(): Promise<void> {
    if (this.publishing || this.realtime.subscriberCount('metrics') === 0) return;
    this.publishing = true;
    try {
      this.realtime.publish('metrics', await this.queries.execute(new GetRealtimeMetricsQuery()));
    } catch (error) {
      this.logger.warn(`Could not push the live metrics: ${error instanceof Error ? error.message : error}`);
    } finally {
      this.publishing = false;
    }
  }
}
