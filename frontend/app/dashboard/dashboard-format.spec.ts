import { describe, expect, it } from '@jest/globals';
import { englishT } from '../i18n/english.spec-support';
import { metricCardFigures, numberFormats, readRealtimeMetrics } from './dashboard-format';

const t = englishT('dashboard');
const english = numberFormats(t, 'en');
const formatCount = english.count;
const formatUptime = english.uptime;
const formatCost = english.cost;

describe('dashboard formatting', () => {
  it('writes thousands as K and millions as M with one decimal', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1_000)).toBe('1.0K');
    expect(formatCount(1_250)).toBe('1.3K');
    expect(formatCount(999_949)).toBe('999.9K');
    expect(formatCount(999_950)).toBe('1.0M');
    expect(formatCount(2_400_000)).toBe('2.4M');
  });

  it('writes uptime as days and hours, or hours only under a day', () => {
    expect(formatUptime(0)).toBe('0h');
    expect(formatUptime(5 * 3_600 + 59 * 60)).toBe('5h');
    expect(formatUptime(86_400)).toBe('1d 0h');
    expect(formatUptime(3 * 86_400 + 4 * 3_600 + 10)).toBe('3d 4h');
  });

  it('writes large figures without thousands separators in English', () => {
    expect(formatCount(1_500_000_000)).toBe('1500.0M');
    expect(formatCost(1_234.5)).toBe('$1234.50');
    expect(english.percent(99.5)).toBe('99.5%');
    expect(english.milliseconds(245.4)).toBe('245ms');
  });

  it("writes another language's decimal comma and currency sign", () => {
    const german = numberFormats(englishT('dashboard'), 'de');
    expect(german.cost(1_234.5)).toBe('1.234,50\u00a0$');
    expect(german.percent(98.25)).toBe('98,3\u00a0%');
  });

  it('writes cost with two decimals', () => {
    expect(formatCost(0)).toBe('$0.00');
    expect(formatCost(12.346)).toBe('$12.35');
    expect(formatCost(0.004)).toBe('$0.00');
  });

  it('reads missing figures as 0, and success rate and system health as 100', () => {
    expect(readRealtimeMetrics({ totalRequests: 12, successRate: 'high' })).toEqual({
      activeUsers: 0,
      totalRequests: 12,
      successRate: 100,
      averageResponseTime: 0,
      tokensConsumed: 0,
      totalCost: 0,
      systemHealth: 100,
      uptime: 0,
    });
    expect(readRealtimeMetrics('not metrics')).toBeNull();
    expect(readRealtimeMetrics([1, 2])).toBeNull();
  });

  it('shows the eight cards in order, with progress bars for success rate and system health', () => {
    const cards = metricCardFigures(
      {
        activeUsers: 1_500,
        totalRequests: 2_000_000,
        successRate: 98.25,
        averageResponseTime: 245.4,
        tokensConsumed: 45_000,
        totalCost: 3.1,
        systemHealth: 75,
        uptime: 90_000,
      },
      t,
      english,
    );
    expect(cards).toEqual([
      { label: 'Active Users', value: '1.5K' },
      { label: 'API Requests', value: '2.0M' },
      { label: 'Success Rate', value: '98.3%', progress: 98.25 },
      { label: 'Response Time', value: '245ms' },
      { label: 'AI Tokens', value: '45.0K' },
      { label: 'Total Cost', value: '$3.10' },
      { label: 'System Health', value: '75.0%', progress: 75 },
      { label: 'Uptime', value: '1d 1h' },
    ]);
  });
});
