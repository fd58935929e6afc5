import { describe, expect, it } from '@jest/globals';
import { englishT } from '../i18n/english.spec-support';
import { describePosition } from './chunk-position';

const t = englishT('search');

describe('passage position', () => {
  it('names the page, sheet and rows, slide, and heading path', () => {
    expect(describePosition({ page: 3 }, t)).toBe('Page 3');
    expect(describePosition({ sheet: 'Budget', row: 2, rowEnd: 9 }, t)).toBe('Sheet Budget, rows 2–9');
    expect(describePosition({ sheet: 'Budget', row: 4, rowEnd: 4 }, t)).toBe('Sheet Budget, row 4');
    expect(describePosition({ slide: 4, notes: true }, t)).toBe('Slide 4 (notes)');
    expect(describePosition({ page: 2, headingPath: ['Setup', 'Install'] }, t)).toBe('Page 2 · Setup › Install');
  });

  it('says nothing for a passage without a position', () => {
    expect(describePosition({}, t)).toBeNull();
    expect(describePosition({ headingPath: [] }, t)).toBeNull();
  });
});
