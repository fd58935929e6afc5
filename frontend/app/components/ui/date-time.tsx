import { useTranslation } from 'react-i18next';
import { useHydrated } from 'remix-utils/use-hydrated';

/** English dates read day first, as they always have here; other languages in their own way. */
const localeOf = (language: string) => (language === 'en' ? 'en-GB' : language);

interface DateTimeProps {
  /** An ISO 8601 instant. */
  value: string;
  /** Show the date only. */
  dateOnly?: boolean;
}

/**
 * A point in time in the page's language and the reader's own time zone. The server
 * cannot know the zone, so it renders UTC, which hydration repeats (no mismatch) before
 * switching to local time; a DateTime first rendered on the client shows local time at once.
 */
export function DateTime({ value, dateOnly = false }: DateTimeProps) {
  const hydrated = useHydrated();
  const { i18n } = useTranslation();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>{value}</>;
  const timeZone = hydrated ? undefined : 'UTC';
  const text = new Intl.DateTimeFormat(hydrated ? i18n.language : localeOf(i18n.language), {
    dateStyle: 'medium',
    ...(dateOnly ? {} : { timeStyle: 'short' }),
    timeZone,
  }).format(date);
  return <time dateTime={date.toISOString()}>{hydrated || dateOnly ? text : `${text} UTC`}</time>;
}
