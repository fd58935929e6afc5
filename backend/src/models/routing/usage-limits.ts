import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import type { RecordedEvent } from '../../event-store/domain-event.js';
import { Reaction, type ReactionHandler } from '../../reactions/reaction.js';
import { ModelInvocationRecorder } from './invocation-recorder.js';
import { UsageLedger } from './usage-ledger.js';

interface SeedRow {
  position: string | number;
  model_id: string | null;
  requests_today: string | number | null;
  cost_this_month: string | number | null;
}

/**
 * Each model's use of its limits, held by every server process sharing the database: the
 * calls recorded before this process followed the log (read once, on first use), then
 * every call the log records, this process's and the others', plus this process's calls
 * not recorded yet.
 */
@Reaction({ name: 'usage-limits', events: ['ModelInvoked'], delivery: 'every-process' })
@Injectable()
export class UsageLimits implements ReactionHandler<'ModelInvoked'> {
  readonly ledger = new UsageLedger();
  private seeding?: Promise<void>;

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly recorder: ModelInvocationRecorder,
  ) {}

  /**
   * Resolves once the ledger holds the calls recorded so far. Read on first use, when this
   * process already follows the log: the calls recorded after the read come from there.
   */
  ready(): Promise<void> {
    this.seeding ??= this.seed().catch((error: unknown) => {
      this.seeding = undefined;
      throw error;
    });
    return this.seeding;
  }

  async react(event: RecordedEvent<'ModelInvoked'>): Promise<void> {
    await this.ready();
    this.ledger.recorded(
      { position: event.position, modelId: event.data.modelId, cost: event.data.cost, recordedAt: event.occurredAt },
      { here: this.recorder.recordedHere(event) },
    );
  }

  /** One statement, so that the figures are those of the log up to the position it reads. */
  private async seed(): Promise<void> {
    const iso = new Date().toISOString();
    const rows = await this.orm.em.fork().execute<SeedRow[]>(
      `with head as (select coalesce(max(position), 0) as position from events)
       select head.position, usage.model_id, usage.requests_today, usage.cost_this_month
       from head left join (
         select model_id,
                coalesce(sum(requests) filter (where day = ?::date), 0) as requests_today,
                coalesce(sum(cost), 0) as cost_this_month
         from model_usage_daily where day >= ?::date group by model_id
       ) usage on true`,
      [iso.slice(0, 10), `${iso.slice(0, 7)}-01`],
    );
    this.ledger.seed(
      Number(rows[0]?.position ?? 0),
      rows.flatMap((row) =>
        row.model_id === null
          ? []
          : [
              {
                modelId: row.model_id,
                requestsToday: Number(row.requests_today),
                costThisMonth: Number(row.cost_this_month),
              },
            ],
      ),
    );
  }
}
