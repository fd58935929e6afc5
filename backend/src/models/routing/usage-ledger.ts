import type { ModelLimits } from '@docent/common/models';

export type ModelLimitKind = 'dailyRequests' | 'monthlyBudget' | 'maxConcurrent';

export interface ModelUsageNow {
  /** Calls today (UTC), those in flight included. */
  requestsToday: number;
  /** US dollars this UTC month, of the calls that have finished. */
  costThisMonth: number;
  inFlight: number;
}

interface Counters extends ModelUsageNow {
  day: string;
  month: string;
}

/**
 * Each model's use of its limits, counted in memory so that checking and reserving
 * is one synchronous step: however many requests arrive together, no limit is
 * overrun. Seeded from the recorded calls at start; one server process owns the counts.
 */
export class UsageLedger {
  private readonly counters = new Map<string, Counters>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** The recorded calls of today and this month, as the read model has them at start. */
  seed(modelId: string, recorded: { requestsToday: number; costThisMonth: number }): void {
    const counters = this.countersOf(modelId);
    counters.requestsToday += recorded.requestsToday;
    counters.costThisMonth += recorded.costThisMonth;
  }

  /** Takes one call of the model's limits, or answers which limit stops it. */
  tryReserve(modelId: string, limits: ModelLimits): ModelLimitKind | null {
    const counters = this.countersOf(modelId);
    if (limits.maxConcurrent !== null && counters.inFlight >= limits.maxConcurrent) return 'maxConcurrent';
    if (limits.dailyRequests !== null && counters.requestsToday >= limits.dailyRequests) return 'dailyRequests';
    if (limits.monthlyBudget !== null && counters.costThisMonth >= limits.monthlyBudget) return 'monthlyBudget';
    counters.inFlight += 1;
    counters.requestsToday += 1;
    return null;
  }

  /** The reserved call has finished, at this cost. */
  release(modelId: string, cost: number): void {
    const counters = this.countersOf(modelId);
    counters.inFlight = Math.max(0, counters.inFlight - 1);
    counters.costThisMonth += cost;
  }

  usageOf(modelId: string): ModelUsageNow {
    const { requestsToday, costThisMonth, inFlight } = this.countersOf(modelId);
    return { requestsToday, costThisMonth, inFlight };
  }

  /** Today's and this month's counts start again at zero when the UTC day or month turns. */
  private countersOf(modelId: string): Counters {
    const iso = this.now().toISOString();
    const day = iso.slice(0, 10);
    const month = iso.slice(0, 7);
    let counters = this.counters.get(modelId);
    if (!counters) {
      counters = { day, month, requestsToday: 0, costThisMonth: 0, inFlight: 0 };
      this.counters.set(modelId, counters);
    }
    if (counters.day !== day) Object.assign(counters, { day, requestsToday: 0 });
    if (counters.month !== month) Object.assign(counters, { month, costThisMonth: 0 });
    return counters;
  }
}

/** A call in flight usually ends within seconds and frees its place. */
const CONCURRENCY_RETRY_SECONDS = 1;

/** How long until a limit of this kind may let a call through again: the next UTC day or month, or shortly. */
export function secondsUntilLimitResets(kind: ModelLimitKind, now: Date): number {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const secondsUntil = (time: number) => Math.ceil((time - now.getTime()) / 1000);
  switch (kind) {
    case 'dailyRequests':
      return secondsUntil(Date.UTC(year, month, now.getUTCDate() + 1));
    case 'monthlyBudget':
      return secondsUntil(Date.UTC(year, month + 1, 1));
    case 'maxConcurrent':
      return CONCURRENCY_RETRY_SECONDS;
  }
}

/** What a caller is told when a model's limit stops it, e.g. "Daily request limit reached for GPT-4o (1000 requests per day)". */
export function limitReachedMessage(kind: ModelLimitKind, modelName: string, limits: ModelLimits): string {
  switch (kind) {
    case 'dailyRequests':
      return `Daily request limit reached for ${modelName} (${limits.dailyRequests} requests per day)`;
    case 'monthlyBudget':
      return `Monthly budget reached for ${modelName} ($${limits.monthlyBudget?.toFixed(2)} per month)`;
    case 'maxConcurrent':
      return `Concurrent request limit reached for ${modelName} (${limits.maxConcurrent} at a time)`;
  }
}
