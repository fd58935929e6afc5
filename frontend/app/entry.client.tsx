import { RemixBrowser } from '@remix-run/react';
import i18next from 'i18next';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { getInitialNamespaces } from 'remix-i18next/client';
import { FALLBACK_LANGUAGE, isSupportedLanguage } from './i18n/languages';
import { initI18next } from './i18n/resources';

// The server rendered the page in the language on <html lang>: hydrate in the same one.
const serverLanguage = document.documentElement.lang;
void initI18next(
  i18next,
  isSupportedLanguage(serverLanguage) ? serverLanguage : FALLBACK_LANGUAGE,
  getInitialNamespaces(),
);

startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18next}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </I18nextProvider>,
  );
});
