import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import { StatusService } from '../../status/status.service.js';

const MINUTE_MS = 60_000;
/** Samples are kept as long as the longest Analytics period, and a day more. */
const KEPT_FOR_MS = 91 * 86_400_000;

/**
 * Writes the state of each /status component once a minute, the component history that
 * Analytics shows and computes uptime from. Processes sharing the database write one
 * sample per minute between them (the first one wins).
 */
@Injectable()
export class ComponentSampler implements BeforeApplicationShutdown {
  private readonly logger = new Logger(ComponentSampler.name);
  private timer?: NodeJS.Timeout;
  private sampling: Promise<void> = Promise.resolve();

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly status: StatusService,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.sample(), MINUTE_MS);
    this.timer.unref();
    void this.sample();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.sampling;
  }

  /** Samples every component now; resolves once written (a failure is logged, and the next minute tries again). */
  sample(now = new Date()): Promise<void> {
    this.sampling = this.sampling.then(() => this.write(now));
    return this.sampling;
  }

  private async write(now: Date): Promise<void> {
    try {
      const minute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
      const components = Object.entries(await this.status.components());
      if (components.length === 0) return;
      const em = this.orm.em.fork();
      await em.execute(
        `insert into metrics_component_samples (minute, component, status)
         values ${components.map(() => '(?, ?, ?)').join(', ')} on conflict do nothing`,
        components.flatMap(([component, { status }]) => [minute, component, status]),
      );
      await em.execute('delete from metrics_component_samples where minute < ?', [
        new Date(now.getTime() - KEPT_FOR_MS),
      ]);
    } catch (error) {
      this.logger.warn(`Could not sample the components' status: ${error instanceof Error ? error.message : error}`);
    }
  }
}
