import type { MetaArgs } from '@remix-run/node';
import type common from '~/locales/en/common.json';
import { FALLBACK_LANGUAGE, isSupportedLanguage, type Language } from './languages';

type PageTitles = (typeof common)['pageTitle'];

// A route's meta runs outside React, without the page's i18next instance: it reads the
// titles straight from the bundled texts.
const texts = import.meta.glob<typeof common>('../locales/*/common.json', { eager: true, import: 'default' });

function titlesIn(language: Language): PageTitles {
  return texts[`../locales/${language}/common.json`]!.pageTitle;
}

/** The language the root loader chose for the page; English when it did not answer. */
function pageLanguage(matches: MetaArgs['matches']): Language {
  const rootData: unknown = matches.find((match) => match.id === 'root')?.data;
  const chosen = rootData && typeof rootData === 'object' && 'locale' in rootData ? rootData.locale : null;
  return isSupportedLanguage(chosen) ? chosen : FALLBACK_LANGUAGE;
}

/** A route's <title> in the page's language: `meta = ({ matches }) => [{ title: pageTitle(matches, 'tools') }]`. */
export function pageTitle(matches: MetaArgs['matches'], page: keyof PageTitles): string {
  return titlesIn(pageLanguage(matches))[page];
}
