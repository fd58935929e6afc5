/** '3d 4h', '2h 5m', '45s': an uptime at a glance. */
export function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m`;
  return `${Math.floor(seconds)}s`;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Binary multiples, one decimal from KB up: '512 B', '1.5 GB'. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** A percentage the server measured, or a dash where it could not. */
export const formatPercentOrDash = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)}%`);
