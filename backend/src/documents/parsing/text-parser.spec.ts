import { describe, expect, it } from '@jest/globals';
import { parseMarkdown, parseText } from './text-parser.js';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('parseText', () => {
  it('splits plain text into paragraphs at blank lines', () => {
    const document = parseText(utf8('First paragraph\nstill first.\n\n  \nSecond paragraph.\n'));

    expect(document.blocks).toEqual([
      { text: 'First paragraph\nstill first.', position: {} },
      { text: 'Second paragraph.', position: {} },
    ]);
    expect(document.metadata).toEqual({ pages: 1, words: 6, language: 'und', encoding: 'utf-8' });
  });

  it('decodes UTF-16 with a byte-order mark', () => {
    const text = 'Grüße aus Köln, schöne Straße';
    const bytes = new Uint8Array([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);

    const document = parseText(bytes);

    expect(document.text).toBe(text);
    expect(document.metadata.encoding).toBe('utf-16le');
  });

  it('decodes UTF-16 without a byte-order mark', () => {
    const text = 'Plain English text saved as UTF-16.';
    const bytes = new Uint8Array(Buffer.from(text, 'utf16le'));

    const document = parseText(bytes);

    expect(document.text).toBe(text);
    expect(document.metadata.encoding).toBe('utf-16le');
  });

  it('decodes Windows-1252', () => {
    const text =
      'Le café était plein. Les élèves français mangeaient une crème brûlée – déjà leur troisième – ' +
      'pendant que le garçon préparait des boissons à la fenêtre.';
    const bytes = new Uint8Array([...text].map((character) => (character === '–' ? 0x96 : character.charCodeAt(0))));

    const document = parseText(bytes);

    expect(document.text).toBe(text);
    expect(document.metadata).toMatchObject({ encoding: 'windows-1252', language: 'fra' });
  });

  it('skips a UTF-8 byte-order mark', () => {
    const document = parseText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Hello')]));

    expect(document.text).toBe('Hello');
  });

  it('refuses text that is only whitespace', () => {
    expect(() => parseText(utf8(' \n\n\t '))).toThrow('The document contains no text');
  });
});

describe('parseMarkdown', () => {
  it('splits at ATX headings with the path of headings above, not inside code fences', () => {
    const markdown = [
      'Intro line.',
      '# Guide',
      'Welcome.',
      '## Install',
      '```sh',
      '# not a heading',
      '```',
      '### Linux ###',
      'Use the package.',
      '## Use',
      'Run it.',
    ].join('\n');

    const document = parseMarkdown(utf8(markdown));

    expect(document.blocks).toEqual([
      { text: 'Intro line.', position: { headingPath: [] } },
      { text: '# Guide\nWelcome.', position: { headingPath: ['Guide'] } },
      { text: '## Install\n```sh\n# not a heading\n```', position: { headingPath: ['Guide', 'Install'] } },
      { text: '### Linux ###\nUse the package.', position: { headingPath: ['Guide', 'Install', 'Linux'] } },
      { text: '## Use\nRun it.', position: { headingPath: ['Guide', 'Use'] } },
    ]);
    expect(document.metadata.encoding).toBe('utf-8');
  });
});
