import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FALLBACK_LANGUAGE, NAMESPACES, SUPPORTED_LANGUAGES } from './languages';

const localesDir = fileURLToPath(new URL('../locales/', import.meta.url));
const read = (language: string, namespace: string): unknown =>
  JSON.parse(readFileSync(`${localesDir}${language}/${namespace}.json`, 'utf8'));

/** Every key path with its text, nested objects flattened with dots. */
function flatten(texts: unknown, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, value] of Object.entries(texts as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const entry of flatten(value, path)) entries.set(...entry);
    else entries.set(path, value);
  }
  return entries;
}

/** i18next's plural suffixes differ by language; the base key is what a component asks for. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKeys = (texts: Map<string, unknown>) =>
  [...new Set([...texts.keys()].map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();
const interpolations = (text: unknown) =>
  [...String(text).matchAll(/{{\s*([\w.]+)[^}]*}}/g)].map((match) => match[1]).sort();

describe('the translations', () => {
  it('has a folder per supported language and a file per namespace in each', () => {
    expect(readdirSync(localesDir).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    for (const language of SUPPORTED_LANGUAGES) {
      expect(readdirSync(`${localesDir}${language}`).sort()).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
  });

  for (const language of SUPPORTED_LANGUAGES.filter((language) => language !== FALLBACK_LANGUAGE)) {
    describe(language, () => {
      for (const namespace of NAMESPACES) {
        it(`has exactly the keys English has in ${namespace}`, () => {
          expect(baseKeys(flatten(read(language, namespace)))).toEqual(baseKeys(flatten(read('en', namespace))));
        });

        it(`fills the same placeholders as English in ${namespace}, and leaves no text empty`, () => {
          const english = flatten(read('en', namespace));
          const translated = flatten(read(language, namespace));
          for (const [key, text] of translated) {
            expect([key, typeof text === 'string' && text.trim().length > 0]).toEqual([key, true]);
            const englishText = english.get(key) ?? english.get(key.replace(PLURAL_SUFFIX, '_other'));
            expect([key, interpolations(text)]).toEqual([key, interpolations(englishText)]);
          }
        });
      }
    });
  }
});
