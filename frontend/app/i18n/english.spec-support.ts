import { readFileSync } from 'node:fs';
import { createInstance, type TFunction } from 'i18next';
import type { Namespace } from './languages';
import { addFormatters, i18nextOptions } from './options';

/**
 * A translate function over the English texts, for specs of pure functions that take one:
 * they go on asserting the exact English the spec quotes.
 */
export function englishT<N extends Namespace>(namespace: N): TFunction<N> {
  const texts = JSON.parse(readFileSync(new URL(`../locales/en/${namespace}.json`, import.meta.url), 'utf8'));
  const i18n = createInstance();
  void i18n.init({ ...i18nextOptions('en', [namespace], { en: { [namespace]: texts } }), defaultNS: namespace });
  addFormatters(i18n);
  return i18n.getFixedT('en', namespace) as TFunction<N>;
}
