/**
 * What any value sent to the API must be, whatever the field, so that a client's mistake
 * is refused up front rather than failing where it is stored: PostgreSQL refuses the NUL
 * character in text and jsonb and an unpaired surrogate in jsonb, and a value nested
 * without bound would exhaust the stack of whatever walks it.
 */
export const MAX_INPUT_DEPTH = 32;

/** Years PostgreSQL stores and ISO 8601 writes with four digits; JavaScript dates reach far beyond them. */
export const STORABLE_YEARS = Object.freeze({ min: 1, max: 9999 });

// With the u flag a well-formed surrogate pair is one code point, so only unpaired halves match.
const UNPAIRED_SURROGATE = /\p{Surrogate}/u;

function textProblem(text: string, subject: string): string | null {
  if (text.includes('\u0000')) return `${subject} must not contain the NUL character (\\u0000)`;
  if (UNPAIRED_SURROGATE.test(text)) return `${subject} must be valid Unicode text (it has an unpaired surrogate)`;
  return null;
}

interface Pending {
  value: unknown;
  /** Where the value is, as a client would write it: `options.tags[1]`; empty for the whole input. */
  path: string;
  depth: number;
}

/**
 * The first reason the value cannot be taken, or null: a text (value or field name)
 * with a NUL character or an unpaired surrogate, or objects and arrays nested deeper
 * than {@link MAX_INPUT_DEPTH}. `name` names the whole value in messages ("The request
 * body"); the fields inside are named by their path.
 */
export function unstorableInputProblem(value: unknown, name: string): string | null {
  // A stack rather than recursion: the value may be nested far deeper than the call stack allows.
  const pending: Pending[] = [{ value, path: '', depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const subject = next.path || name;
    if (typeof next.value === 'string') {
      const problem = textProblem(next.value, subject);
      if (problem) return problem;
      continue;
    }
    if (typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > MAX_INPUT_DEPTH) {
      return `${name} is nested too deeply: at most ${MAX_INPUT_DEPTH} levels of objects and arrays`;
    }
    if (Array.isArray(next.value)) {
      next.value.forEach((item, index) => pending.push({ value: item, path: `${next.path}[${index}]`, depth }));
      continue;
    }
    for (const [key, item] of Object.entries(next.value)) {
      const problem = textProblem(key, `A field name in ${next.path || name.toLowerCase()}`);
      if (problem) return problem;
      pending.push({ value: item, path: next.path ? `${next.path}.${key}` : key, depth });
    }
  }
  return null;
}

// Years may be written expanded (`+275760`), as JavaScript does, to be refused for their range rather than their form.
const ISO_DATE_OR_TIME =
  /^(?<year>\d{4}|[+-]\d{4,6})-(?<month>\d{2})-(?<day>\d{2})(?:T(?<hour>\d{2}):(?<minute>\d{2})(?::(?<second>\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](?<offsetHour>\d{2}):(?<offsetMinute>\d{2}))?)?$/;

export type IsoDateProblem = 'format' | 'range';

/**
 * Whether the text is an ISO 8601 date (`2025-01-31`) or date and time
 * (`2025-01-31T09:30`, `…:00.000Z`, `…+02:00`) of a day that exists, in the years
 * PostgreSQL can store ({@link STORABLE_YEARS}); `Date.parse` alone takes
 * `2025-02-30`, `+275760-09-13` and year 0.
 */
export function isoDateProblem(text: string): IsoDateProblem | null {
  const parts = ISO_DATE_OR_TIME.exec(text)?.groups;
  if (!parts) return 'format';
  const [year, month, day] = [parts.year, parts.month, parts.day].map(Number) as [number, number, number];
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate();
  const leapDay = month === 2 && day === 29 && !isLeapYear(year);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || leapDay) return 'format';
  const within = (value: string | undefined, max: number) => value === undefined || Number(value) <= max;
  if (!within(parts.hour, 23) || !within(parts.minute, 59) || !within(parts.second, 59)) return 'format';
  if (!within(parts.offsetHour, 23) || !within(parts.offsetMinute, 59)) return 'format';
  if (year < STORABLE_YEARS.min || year > STORABLE_YEARS.max) return 'range';
  return null;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
