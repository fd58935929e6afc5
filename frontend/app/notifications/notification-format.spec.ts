import { describe, expect, it } from '@jest/globals';
import { englishT } from '../i18n/english.spec-support';
import { bellLabel, formatBadgeCount, formatRelativeTime } from './notification-format';

const t = englishT('common');

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relative times', () => {
  it.each([
    [0, 'Just now'],
    [59 * SECOND, 'Just now'],
    [MINUTE, '1m ago'],
    [59 * MINUTE + 59 * SECOND, '59m ago'],
    [HOUR, '1h ago'],
    [23 * HOUR + 59 * MINUTE, '23h ago'],
    [DAY, '1d ago'],
    [45 * DAY, '45d ago'],
  ])('%i ms ago reads %s', (elapsed, label) => {
    expect(formatRelativeTime(NOW - elapsed, NOW)).toBe(label);
  });

  it('a time slightly in the future (clock skew) reads Just now', () => {
    expect(formatRelativeTime(NOW + 5 * SECOND, NOW)).toBe('Just now');
  });
});

describe('the bell badge', () => {
  it.each([
    [0, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [1000, '99+'],
  ])('%i unread shows %j', (count, text) => {
    expect(formatBadgeCount(count)).toBe(text);
  });

  it('names the count for screen readers', () => {
    expect(bellLabel(0, t)).toBe('Notifications, none unread');
    expect(bellLabel(3, t)).toBe('Notifications, 3 unread');
    expect(bellLabel(120, t)).toBe('Notifications, more than 99 unread');
  });
});
