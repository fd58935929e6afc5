import { describe, expect, it } from '@jest/globals';
import { adminFormat } from './admin-format';

const { bytes: formatBytes, percentOrDash: formatPercentOrDash, uptime: formatUptime } = adminFormat('en');

describe('admin figures', () => {
  it('shows an uptime in its two largest units', () => {
    expect(formatUptime(45)).toBe('45s');
    expect(formatUptime(125)).toBe('2m');
    expect(formatUptime(2 * 3600 + 5 * 60)).toBe('2h 5m');
    expect(formatUptime(3 * 86_400 + 4 * 3600 + 59)).toBe('3d 4h');
  });

  it('shows bytes in binary units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5 GB');
  });

  it('says nothing for a figure that was not measured', () => {
    expect(formatPercentOrDash(null)).toBe('—');
    expect(formatPercentOrDash(12.34)).toBe('12.3%');
  });

  it('writes figures the way the page language does', () => {
    const german = adminFormat('de');
    expect(german.bytes(1536)).toBe('1,5 KB');
    expect(german.percentOrDash(12.34)).toBe('12,3\u00a0%');
  });
});
