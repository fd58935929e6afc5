const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The start of the (UTC) hour holding `at`. */
export const hourOf = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/** The (UTC) day holding `at`, as YYYY-MM-DD. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

export const startOfDay = (at: Date): Date => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

export const addHours = (at: Date, hours: number): Date => new Date(at.getTime() + hours * HOUR_MS);

export const addDays = (at: Date, days: number): Date => new Date(at.getTime() + days * DAY_MS);
