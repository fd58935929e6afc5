import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** The admin figures, written the way the page's language writes numbers and units. */
export interface AdminFormat {
  /** '3d 4h', '2h 5m', '45s': an uptime at a glance. */
  uptime: (seconds: number) => string;
  /** Binary multiples, one decimal from KB up: '512 B', '1.5 GB'. */
  bytes: (bytes: number) => string;
  /** A percentage with one decimal: '12.3%'. */
  percent: (value: number) => string;
  /** A percentage the server measured, or a dash where it could not. */
  percentOrDash: (value: number | null) => string;
}

export function adminFormat(language: string): AdminFormat {
  const unit = (name: 'day' | 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'narrow' });
  const [day, hour, minute, second] = [unit('day'), unit('hour'), unit('minute'), unit('second')];
  const wholeNumber = new Intl.NumberFormat(language);
  const oneDecimal = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(language, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const formatPercent = (value: number) => percent.format(value / 100);
  return {
    uptime: (seconds) => {
      const days = Math.floor(seconds / 86_400);
      const hours = Math.floor((seconds % 86_400) / 3_600);
      const minutes = Math.floor((seconds % 3_600) / 60);
      if (days > 0) return `${day.format(days)} ${hour.format(hours)}`;
      if (hours > 0) return `${hour.format(hours)} ${minute.format(minutes)}`;
      if (minutes > 0) return minute.format(minutes);
      return second.format(Math.floor(seconds));
    },
    bytes: (bytes) => {
      let value = bytes;
      let unitIndex = 0;
      while (value >= 1024 && unitIndex < UNITS.length - 1) {
        value /= 1024;
        unitIndex += 1;
      }
      return unitIndex === 0 ? `${wholeNumber.format(value)} B` : `${oneDecimal.format(value)} ${UNITS[unitIndex]}`;
    },
    percent: formatPercent,
    percentOrDash: (value) => (value === null ? '—' : formatPercent(value)),
  };
}

/** The admin figures' format in the page's language. */
export function useAdminFormat(): AdminFormat {
  const { i18n } = useTranslation();
  return useMemo(() => adminFormat(i18n.language), [i18n.language]);
}
