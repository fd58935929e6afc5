import type { ModelLimits } from '@docent/common/models';

export type ModelLimitKind = 'dailyRequests' | 'monthlyBudget' | 'maxConcurrent';

export interface ModelUsageNow {
  /** Calls today (UTC), those in flight included. */
  requestsToday: number;
  /** US dollars this UTC month, of the calls that have finished. */
  costThisMonth: number;
  /** This process's calls in flight. */
  inFlight: number;
}

/** A model's recorded calls of today and this month, as the read model has them. */
export interface RecordedUsage {
  modelId: string;
  requestsToday: number;
  costThisMonth: number;
}

/** A call the log holds: where, when it was recorded, and what it cost. */
export interface RecordedCall {
  position: number;
  modelId: string;
  cost: number;
  recordedAt: Date;
}

interface Counters {
  day: string;
  month: string;
  /** Calls the log holds, of every process sharing the database. */
  recordedToday: number;
  recordedCostThisMonth: number;
  /** This process's calls the log does not hold yet: in flight, or finished and waiting to be recorded. */
  unrecordedToday: number;
  unrecordedCostThisMonth: number;
  /** Of those, the finished ones, whose cost is in unrecordedCostThisMonth. */
  unrecordedFinished: number;
  inFlight: number;
}

/**
 * Each model's use of its limits, counted in memory so that checking and reserving is
 * one synchronous step: however many requests arrive together, no limit is overrun. A
 * call counts from the moment this process reserves it; once the log holds it, it counts
 * from there instead, as do the calls of every other process sharing the database, so no
 * call is counted twice nor missed. Concurrency is this process's own: a call in flight
 * elsewhere is not known here until it is recorded.
 */
export class UsageLedger {
  private readonly counters = new Map<string, Counters>();
  /** The calls recorded up to this position are in the seed. */
  private seededUpTo = 0;

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** The recorded calls of today and this month, as the read model had them with the log at `position`. */
  seed(position: number, recorded: readonly RecordedUsage[]): void {
    this.seededUpTo = position;
    for (const { modelId, requestsToday, costThisMonth } of recorded) {
      const counters = this.countersOf(modelId);
      counters.recordedToday += requestsToday;
      counters.recordedCostThisMonth += costThisMonth;
    }
  }

  /** Takes one call of the model's limits, or answers which limit stops it. */
  tryReserve(modelId: string, limits: ModelLimits): ModelLimitKind | null {
    const counters = this.countersOf(modelId);
    const { requestsToday, costThisMonth, inFlight } = usageFrom(counters);
    if (limits.maxConcurrent !== null && inFlight >= limits.maxConcurrent) return 'maxConcurrent';
    if (limits.dailyRequests !== null && requestsToday >= limits.dailyRequests) return 'dailyRequests';
    if (limits.monthlyBudget !== null && costThisMonth >= limits.monthlyBudget) return 'monthlyBudget';
    counters.inFlight += 1;
    counters.unrecordedToday += 1;
    return null;
  }

  /** The reserved call has finished, at this cost; it counts here until the log holds it. */
  release(modelId: string, cost: number): void {
    const counters = this.countersOf(modelId);
    counters.inFlight = Math.max(0, counters.inFlight - 1);
    counters.unrecordedCostThisMonth += cost;
    counters.unrecordedFinished += 1;
  }

  /**
   * A call the log holds, in log order: this process's own (`here`), which stops counting
   * as unrecorded, or another process's.
   */
  recorded(call: RecordedCall, { here }: { here: boolean }): void {
    const counters = this.countersOf(call.modelId);
    if (here) {
      counters.unrecordedToday = Math.max(0, counters.unrecordedToday - 1);
      counters.unrecordedFinished = Math.max(0, counters.unrecordedFinished - 1);
      // Zero once none is left, rather than what subtracting the same costs in another order leaves.
      counters.unrecordedCostThisMonth =
        counters.unrecordedFinished === 0 ? 0 : Math.max(0, counters.unrecordedCostThisMonth - call.cost);
    }
    if (call.position <= this.seededUpTo) return;
    const iso = call.recordedAt.toISOString();
    if (iso.slice(0, 10) === counters.day) counters.recordedToday += 1;
    if (iso.slice(0, 7) === counters.month) counters.recordedCostThisMonth += call.cost;
  }

  usageOf(modelId: string): ModelUsageNow {
    return usageFrom(this.countersOf(modelId));
  }

  /** Today's and this month's counts start again at zero when the UTC day or month turns. */
  private countersOf(modelId: string): Counters {
    const iso = this.now().toISOString();
    const day = iso.slice(0, 10);
    const month = iso.slice(0, 7);
    let counters = this.counters.get(modelId);
    if (!counters) {
      counters = {
        day,
        month,
        recordedToday: 0,
        recordedCostThisMonth: 0,
        unrecordedToday: 0,
        unrecordedCostThisMonth: 0,
        unrecordedFinished: 0,
        inFlight: 0,
      };
      this.counters.set(modelId, counters);
    }
    if (counters.day !== day) Object.assign(counters, { day, recordedToday: 0, unrecordedToday: 0 });
    if (counters.month !== month) {
      Object.assign(counters, { month, recordedCostThisMonth: 0, unrecordedCostThisMonth: 0, unrecordedFinished: 0 });
    }
    return counters;
  }
}

function usageFrom(counters: Counters): ModelUsageNow {
  return {
    requestsToday: counters.recordedToday + counters.unrecordedToday,
    costThisMonth: counters.recordedCostThisMonth + counters.unrecordedCostThisMonth,
    inFlight: counters.inFlight,
  };
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
