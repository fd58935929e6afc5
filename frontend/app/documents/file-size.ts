import { formatFileSize } from '@docent/common/documents';

const UNITS = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * A size as the page's language writes it: English keeps the spec's form ('51.0 MB',
 * '120 B'); another language gets its own digits and units ('51,0 Mo').
 */
export function formatSize(bytes: number, language: string): string {
  if (language === 'en') return formatFileSize(bytes);
  let value = bytes;
  let unit = -1;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit < 0)
    return new Intl.NumberFormat(language, { style: 'unit', unit: 'byte', unitDisplay: 'narrow' }).format(value);
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: UNITS[unit],
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    useGrouping: false,
  }).format(value);
}
