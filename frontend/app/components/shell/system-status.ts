/** GET /status, as the sidebar reads it. */
export interface StatusResponse {
  platform?: string;
  version?: string;
  components?: Record<string, { status?: string; message?: string } | undefined>;
}

export type SystemStatusTone = 'neutral' | 'success' | 'warning' | 'danger';

export interface SystemStatusSummary {
  text: string;
  tone: SystemStatusTone;
  /** One line per component that is not ready, for the tooltip. */
  details: string[];
}

export const STATUS_POLL_INTERVAL_MS = 10_000;

/**
 * The sidebar's status line from the last GET /status answer: undefined before the
 * first answer, null when /status could not be reached or answered nonsense.
 */
export function summarizeSystemStatus(status: StatusResponse | null | undefined): SystemStatusSummary {
  if (status === undefined) return { text: 'Checking systems...', tone: 'neutral', details: [] };
  if (status === null || typeof status.components !== 'object' || status.components === null) {
    return { text: 'Offline', tone: 'danger', details: ['The server cannot be reached.'] };
  }
  const notReady = Object.entries(status.components).filter(([, component]) => component?.status !== 'ready');
  if (notReady.length === 0) return { text: 'All Systems Online', tone: 'success', details: [] };
  const unavailable = notReady.some(([, component]) => component?.status !== 'degraded');
  return {
    text: `Degraded: ${notReady.map(([name]) => name).join(', ')}`,
    tone: unavailable ? 'danger' : 'warning',
    details: notReady.map(
      ([name, component]) =>
        `${name}: ${component?.status ?? 'unknown'}${component?.message ? ` (${component.message})` : ''}`,
    ),
  };
}
