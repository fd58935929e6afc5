import { describe, expect, it } from '@jest/globals';
import { tokenize } from './tokenize.js';

describe('tokenize', () => {
  it('lowercases and splits on anything that is not a letter or digit', () => {
    expect(tokenize('Quarterly REPORT: revenue/costs, 2024-Q3')).toEqual([
      'quarterly',
      'report',
      'revenue',
      'costs',
      '2024',
      'q3',
    ]);
  });

  it('folds diacritics and compatibility forms so accented and plain spellings match', () => {
    expect(tokenize('Café Ünïcode naïve ﬁle')).toEqual(['cafe', 'unicode', 'naive', 'file']);
    expect(tokenize('CAFÉ')).toEqual(tokenize('cafe'));
  });

  it('keeps words of other scripts whole', () => {
    expect(tokenize('Привет, мир! Καλημέρα κόσμε')).toEqual(['привет', 'мир', 'καλημερα', 'κοσμε']);
    expect(tokenize('हिन्दी भाषा')).toHaveLength(2);
  });

  it('drops one-letter words but keeps single digits', () => {
    expect(tokenize('x y version 2 z 10')).toEqual(['version', '2', '10']);
  });

  it('removes English stop words', () => {
    expect(tokenize('The report is in the archive and it was not there')).toEqual(['report', 'archive']);
  });

  it('removes the function words of a question too, leaving what it asks about', () => {
    expect(tokenize('What does the study show about these patients before their treatment?')).toEqual([
      'study',
      'show',
      'patients',
      'treatment',
    ]);
  });

  it('gives nothing for empty, whitespace-only or punctuation-only text', () => {
    expect(tokenize('')).toEqual([]);
    expect(tokenize(' \n\t ')).toEqual([]);
    expect(tokenize('-- ... !!')).toEqual([]);
  });
});
