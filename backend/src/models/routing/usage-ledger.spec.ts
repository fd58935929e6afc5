import { UNLIMITED_MODEL_LIMITS } from '@docent/common/models';
import { describe, expect, it } from '@jest/globals';
import { limitReachedMessage, secondsUntilLimitResets, UsageLedger } from './usage-ledger.js';

const limits = (overrides: Partial<typeof UNLIMITED_MODEL_LIMITS>) => ({ ...UNLIMITED_MODEL_LIMITS, ...overrides });

describe('UsageLedger', () => {
  it('takes exactly as many concurrent calls as the limit, and one more once a call ends', () => {
    const ledger = new UsageLedger();
    const taken = Array.from({ length: 5 }, () => ledger.tryReserve('m', limits({ maxConcurrent: 3 })));

    expect(taken).toEqual([null, null, null, 'maxConcurrent', 'maxConcurrent']);
    ledger.release('m', 0);
    expect(ledger.tryReserve('m', limits({ maxConcurrent: 3 }))).toBeNull();
  });

  it('counts calls in flight against the daily limit, and starts again the next UTC day', () => {
    let now = new Date('2026-11-22T23:59:00Z');
    const ledger = new UsageLedger(() => now);
    ledger.seed('m', { requestsToday: 1, costThisMonth: 0 });

    expect(ledger.tryReserve('m', limits({ dailyRequests: 2 }))).toBeNull();
    expect(ledger.tryReserve('m', limits({ dailyRequests: 2 }))).toBe('dailyRequests');
    now = new Date('2026-11-23T00:00:01Z');
    expect(ledger.tryReserve('m', limits({ dailyRequests: 2 }))).toBeNull();
    expect(ledger.usageOf('m')).toEqual({ requestsToday: 1, costThisMonth: 0, inFlight: 2 });
  });

  it('stops a model once its cost this month reaches the budget, until the month turns', () => {
    let now = new Date('2026-11-30T12:00:00Z');
    const ledger = new UsageLedger(() => now);
    ledger.seed('m', { requestsToday: 0, costThisMonth: 9.5 });

    expect(ledger.tryReserve('m', limits({ monthlyBudget: 10 }))).toBeNull();
    ledger.release('m', 0.5);
    expect(ledger.tryReserve('m', limits({ monthlyBudget: 10 }))).toBe('monthlyBudget');
    now = new Date('2026-12-01T00:00:00Z');
    expect(ledger.tryReserve('m', limits({ monthlyBudget: 10 }))).toBeNull();
  });

  it('blocks a model whose limit is 0', () => {
    expect(new UsageLedger().tryReserve('m', limits({ dailyRequests: 0 }))).toBe('dailyRequests');
  });
});

describe('limitReachedMessage', () => {
  const set = limits({ dailyRequests: 1000, monthlyBudget: 2000, maxConcurrent: 5 });

  it.each([
    ['dailyRequests', 'Daily request limit reached for GPT-4o (1000 requests per day)'],
    ['monthlyBudget', 'Monthly budget reached for GPT-4o ($2000.00 per month)'],
    ['maxConcurrent', 'Concurrent request limit reached for GPT-4o (5 at a time)'],
  ] as const)('names the %s limit and the model', (kind, message) => {
    expect(limitReachedMessage(kind, 'GPT-4o', set)).toBe(message);
  });
});

describe('secondsUntilLimitResets', () => {
  it('says when a limit lets calls through again: the next UTC day, the next UTC month, or shortly', () => {
    const now = new Date('2026-12-31T23:59:30.500Z');
    expect(secondsUntilLimitResets('dailyRequests', now)).toBe(30);
    expect(secondsUntilLimitResets('monthlyBudget', now)).toBe(30);
    expect(secondsUntilLimitResets('monthlyBudget', new Date('2026-11-30T00:00:00Z'))).toBe(86_400);
    expect(secondsUntilLimitResets('maxConcurrent', now)).toBe(1);
  });
});
