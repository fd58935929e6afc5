import { describe, expect, it } from '@jest/globals';
import { chooseLanguage } from './language.server';

const requestWith = (acceptLanguage?: string) =>
  new Request('http://docent.test/', { headers: acceptLanguage ? { 'Accept-Language': acceptLanguage } : {} });

describe('chooseLanguage', () => {
  it("takes the signed-in user's saved preference over the browser's languages", async () => {
    expect(await chooseLanguage(requestWith('fr-FR,fr;q=0.9'), 'de')).toBe('de');
  });

  it('takes the saved preference even when it is English and the browser asks for another language', async () => {
    expect(await chooseLanguage(requestWith('es'), 'en')).toBe('en');
  });

  it("without a preference, negotiates the browser's Accept-Language among en, es, fr and de", async () => {
    expect(await chooseLanguage(requestWith('fr-CA,fr;q=0.9,en;q=0.5'), null)).toBe('fr');
    expect(await chooseLanguage(requestWith('ja;q=1,es;q=0.8'), null)).toBe('es');
    expect(await chooseLanguage(requestWith('de-AT'), undefined)).toBe('de');
  });

  it('ignores a saved language the app is not written in', async () => {
    expect(await chooseLanguage(requestWith('es'), 'it')).toBe('es');
  });

  it('falls back to English when neither says a language the app has', async () => {
    expect(await chooseLanguage(requestWith('ja,zh;q=0.8'), null)).toBe('en');
    expect(await chooseLanguage(requestWith(), null)).toBe('en');
  });
});
