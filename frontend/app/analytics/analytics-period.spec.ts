import { describe, expect, it } from '@jest/globals';
import { apiExportPath, bucketLabel, exportFormatFrom, exportHref, periodFrom } from './analytics-period';

describe('analytics period', () => {
  it('reads the period from the address, 7d by default or when unknown', () => {
    expect(periodFrom(new URLSearchParams('period=30d'))).toBe('30d');
    expect(periodFrom(new URLSearchParams(''))).toBe('7d');
    expect(periodFrom(new URLSearchParams('period=1y'))).toBe('7d');
  });

  it('links the export through the web app to the API', () => {
    expect(exportHref('24h', 'csv')).toBe('/analytics/export?period=24h&format=csv');
    expect(apiExportPath('90d', 'json')).toBe('/api/metrics/analytics/export?period=90d&format=json');
    expect(exportFormatFrom(new URLSearchParams('format=csv'))).toBe('csv');
    expect(exportFormatFrom(new URLSearchParams('format=xml'))).toBeNull();
  });

  it('labels buckets by hour for a day and by date beyond', () => {
    expect(bucketLabel('24h', '2025-03-10T14:00:00.000Z')).toBe('14:00');
    expect(bucketLabel('7d', '2025-03-10T00:00:00.000Z')).toBe('2025-03-10');
  });
});
