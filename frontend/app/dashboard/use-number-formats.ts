import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormats, type NumberFormats } from './dashboard-format';

/** The dashboard's figure formats in the page's language. */
export function useNumberFormats(): NumberFormats {
  const { t, i18n } = useTranslation('dashboard');
  return useMemo(() => numberFormats(t, i18n.language), [t, i18n.language]);
}
