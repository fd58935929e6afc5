export interface LoginBackoffSettings {
  /** Attempts in a row that may fail before each further one has to wait. */
  freeFailures: number;
  /** The longest wait between two attempts. */
  maxDelayMs: number;
}

/** The first wait; each further failure doubles it, up to maxDelayMs. */
const FIRST_DELAY_MS = 1_000;
/** An attempt series with no attempt for this long starts afresh. */
const FORGET_AFTER_MS = 24 * 60 * 60_000;
/** Bounds the memory a spray of made-up addresses can take: the longest-quiet series go first. */
const MAX_TRACKED = 100_000;

interface AttemptSeries {
  /** Failed attempts since the last success, those in flight included. */
  failures: number;
  lastAttemptAt: number;
  nextAllowedAt: number;
}

/**
 * Slows down password guessing per account with an exponential, capped delay, instead of
 * locking the account: after `freeFailures` failures in a row each attempt has to wait
 * (1 s, 2 s, 4 s... up to `maxDelayMs`) from the failure before; one that comes earlier is
 * refused unanswered, so a guess costs the wait. A success starts the series afresh. The
 * caller keys a series by account and device, so that someone guessing one account's
 * password from elsewhere never slows its owner down on a device already signed in.
 *
 * An attempt counts as failed from the moment it starts, so guesses sent all at once are
 * held to the same delays as guesses sent one after another. Counted in this process's
 * memory, like the throttler's per-address limits.
 */
export class LoginBackoff {
  private readonly series = new Map<string, AttemptSeries>();

  constructor(
    private readonly settings: LoginBackoffSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** Starts an attempt in the series `key`: null when it may go ahead, else the seconds left to wait. */
  begin(key: string): number | null {
    const now = this.now();
    const current = this.series.get(key);
    const series = current && now - current.lastAttemptAt < FORGET_AFTER_MS ? current : undefined;
    if (series && now < series.nextAllowedAt) return Math.ceil((series.nextAllowedAt - now) / 1000);

    const failures = (series?.failures ?? 0) + 1;
    // Re-inserted, so that the map's order is the order of last attempts.
    this.series.delete(key);
    this.series.set(key, { failures, lastAttemptAt: now, nextAllowedAt: now + this.delayAfter(failures) });
    if (this.series.size > MAX_TRACKED) this.series.delete(this.series.keys().next().value!);
    return null;
  }

  /** The attempt had the wrong password: the wait runs from now, when its caller learns it. */
  failed(key: string): void {
    const series = this.series.get(key);
    if (series) series.nextAllowedAt = Math.max(series.nextAllowedAt, this.now() + this.delayAfter(series.failures));
  }

  /** The attempt had the right password: the series starts afresh. */
  succeeded(key: string): void {
    this.series.delete(key);
  }

  private delayAfter(failures: number): number {
    const beyondFree = failures - this.settings.freeFailures;
    if (beyondFree < 0) return 0;
    // Capped before raising 2 to it, so that a long series never overflows.
    return Math.min(FIRST_DELAY_MS * 2 ** Math.min(beyondFree, 40), this.settings.maxDelayMs);
  }
}
