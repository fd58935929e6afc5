import { useHydrated } from 'remix-utils/use-hydrated';

const UTC_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const UTC_DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
// The reader's locale and time zone: only used in the browser, once hydrated.
const LOCAL_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const LOCAL_DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

interface DateTimeProps {
  /** An ISO 8601 instant. */
  value: string;
  /** Show the date only. */
  dateOnly?: boolean;
}

/**
 * A point in time in the reader's own time zone and locale. The server cannot know
 * them, so it renders UTC, which hydration repeats (no mismatch) before switching to
 * local time; a DateTime first rendered on the client shows local time at once.
 */
export function DateTime({ value, dateOnly = false }: DateTimeProps) {
  const hydrated = useHydrated();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>{value}</>;
  const text = hydrated
    ? (dateOnly ? LOCAL_DATE_FORMAT : LOCAL_FORMAT).format(date)
    : dateOnly
      ? UTC_DATE_FORMAT.format(date)
      : `${UTC_FORMAT.format(date)} UTC`;
  return <time dateTime={date.toISOString()}>{text}</time>;
}
