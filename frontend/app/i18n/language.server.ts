import { RemixI18Next } from 'remix-i18next/server';
import { FALLBACK_LANGUAGE, isSupportedLanguage, SUPPORTED_LANGUAGES, type Language } from './languages';

/** Negotiates the browser's Accept-Language among the app's languages, and names the routes' namespaces. */
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: FALLBACK_LANGUAGE,
    // The whole header, not only its first language: 'ja, es;q=0.8' is Spanish, not the fallback.
    order: ['custom'],
    findLocale: async (request) => request.headers.get('Accept-Language'),
  },
});

/**
 * The language a page renders in: the signed-in user's saved preference, else the
 * best match of the browser's Accept-Language, else English.
 */
export async function chooseLanguage(request: Request, savedPreference: string | null | undefined): Promise<Language> {
  if (isSupportedLanguage(savedPreference)) return savedPreference;
  const negotiated = await i18nServer.getLocale(request);
  return isSupportedLanguage(negotiated) ? negotiated : FALLBACK_LANGUAGE;
}
