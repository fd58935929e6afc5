import type { i18n as I18n, Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from './languages';
import { addFormatters, i18nextOptions } from './options';

// Every translation is bundled into the app: nothing is fetched while a page renders,
// so the server and the browser translate from the same texts.
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

function bundledResources(): Resource {
  const resources: Resource = {};
  for (const [path, texts] of Object.entries(files)) {
    const [, language, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path)!;
    resources[language!] = { ...resources[language!], [namespace!]: texts };
  }
  return resources;
}

const resources = bundledResources();

/**
 * Initialises an instance for one page in one language, from the bundled texts. It is
 * ready on return (the texts are in memory), formatters included, before anything renders.
 */
export function initI18next(instance: I18n, language: Language, namespaces: readonly string[]): Promise<unknown> {
  const initialised = instance.use(initReactI18next).init(i18nextOptions(language, namespaces, resources));
  addFormatters(instance);
  return initialised;
}
