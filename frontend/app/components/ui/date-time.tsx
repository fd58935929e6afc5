import { useEffect, useState } from 'react';

const UTC_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const UTC_DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

interface DateTimeProps {
  /** An ISO 8601 instant. */
  value: string;
  /** Show the date only. */
  dateOnly?: boolean;
}

/**
 * A point in time in the reader's own time zone and locale. The server cannot know
 * them, so it renders UTC, which the first client render repeats (no hydration
 * mismatch) before switching to local time.
 */
export function DateTime({ value, dateOnly = false }: DateTimeProps) {
  const date = new Date(value);
  const [local, setLocal] = useState<string | null>(null);
  useEffect(() => {
    const options: Intl.DateTimeFormatOptions = dateOnly
      ? { dateStyle: 'medium' }
      : { dateStyle: 'medium', timeStyle: 'short' };
    setLocal(Number.isNaN(date.getTime()) ? null : new Intl.DateTimeFormat(undefined, options).format(date));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, dateOnly]);
  if (Number.isNaN(date.getTime())) return <>{value}</>;
  const text = local ?? (dateOnly ? UTC_DATE_FORMAT.format(date) : `${UTC_FORMAT.format(date)} UTC`);
  return <time dateTime={date.toISOString()}>{text}</time>;
}
