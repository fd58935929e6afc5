import { describe, expect, it } from '@jest/globals';
import { describePosition } from './chunk-position';

describe('passage position', () => {
  it('names the page, sheet and rows, slide, and heading path', () => {
    expect(describePosition({ page: 3 })).toBe('Page 3');
    expect(describePosition({ sheet: 'Budget', row: 2, rowEnd: 9 })).toBe('Sheet Budget, rows 2–9');
    expect(describePosition({ sheet: 'Budget', row: 4, rowEnd: 4 })).toBe('Sheet Budget, row 4');
    expect(describePosition({ slide: 4, notes: true })).toBe('Slide 4 (notes)');
    expect(describePosition({ page: 2, headingPath: ['Setup', 'Install'] })).toBe('Page 2 · Setup › Install');
  });

  it('says nothing for a passage without a position', () => {
    expect(describePosition({})).toBeNull();
    expect(describePosition({ headingPath: [] })).toBeNull();
  });
});
