import { describe, expect, it } from '@jest/globals';
import { formatRelativeTime } from './relative-time';

const now = new Date('2025-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('relative time', () => {
  it("says 'Just now' under a minute, and for a clock slightly ahead", () => {
    expect(formatRelativeTime(ago(59_000), now)).toBe('Just now');
    expect(formatRelativeTime(ago(-5_000), now)).toBe('Just now');
  });

  it('counts whole minutes, hours and days', () => {
    expect(formatRelativeTime(ago(60_000), now)).toBe('1m ago');
    expect(formatRelativeTime(ago(59 * 60_000), now)).toBe('59m ago');
    expect(formatRelativeTime(ago(60 * 60_000), now)).toBe('1h ago');
    expect(formatRelativeTime(ago(23 * 3_600_000 + 59 * 60_000), now)).toBe('23h ago');
    expect(formatRelativeTime(ago(3 * 86_400_000), now)).toBe('3d ago');
  });

  it('reads ISO strings', () => {
    expect(formatRelativeTime('2025-03-10T11:55:00.000Z', now)).toBe('5m ago');
  });
});

describe('relative time in another language', () => {
  // Intl puts no-break spaces between the words.
  const words = (text: string) => text.replace(/\s/gu, ' ');

  it('says now, minutes, hours and days in the words of that language', () => {
    expect(words(formatRelativeTime(ago(5_000), now, 'de'))).toBe('jetzt');
    expect(words(formatRelativeTime(ago(5 * 60_000), now, 'de'))).toBe('vor 5 Min.');
    expect(words(formatRelativeTime(ago(3 * 3_600_000), now, 'fr'))).toBe('il y a 3 h');
    expect(words(formatRelativeTime(ago(3 * 86_400_000), now, 'es'))).toBe('hace 3 d');
  });
});
