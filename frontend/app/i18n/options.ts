import type { i18n as I18n, InitOptions, Resource } from 'i18next';
import { DEFAULT_NAMESPACE, FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from './languages';

/** The i18next options the server's and the browser's instances share; only the language differs. */
export function i18nextOptions(language: Language, namespaces: readonly string[], bundled: Resource): InitOptions {
  return {
    lng: language,
    resources: bundled,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    fallbackLng: FALLBACK_LANGUAGE,
    ns: [...new Set([DEFAULT_NAMESPACE, ...namespaces])],
    defaultNS: DEFAULT_NAMESPACE,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    // Resources are in memory: initialise synchronously, so the first render is translated.
    initImmediate: false,
    react: { useSuspense: false },
  };
}

/** The formatters the texts use beyond i18next's own: `{{field, lowercase}}`. */
export function addFormatters(instance: I18n): void {
  instance.services.formatter?.add('lowercase', (value: unknown, language) =>
    String(value).toLocaleLowerCase(language ?? undefined),
  );
}
