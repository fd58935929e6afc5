import type { ComponentStatus } from '@docent/common/api';

/** GET /status as the sidebar receives it: any JSON, checked field by field. */
export interface StatusResponse {
  platform?: string;
  version?: string;
  components?: Record<string, Partial<ComponentStatus> | undefined>;
}

export type SystemStatusTone = 'neutral' | 'success' | 'info' | 'warning' | 'danger';

export interface SystemStatusSummary {
  text: string;
  tone: SystemStatusTone;
  /** One line per component that is not ready, for the tooltip. */
  details: string[];
}

export const STATUS_POLL_INTERVAL_MS = 10_000;

/** What the sidebar says of a component switched off by configuration, when it knows the component. */
const OFF_BY_CONFIGURATION_TEXT: Readonly<Record<string, string>> = {
  embeddings: 'Keyword search only: no embedding model',
  'rag-engine': 'Keyword search only: no embedding model',
};

type ComponentEntry = [name: string, component: Partial<ComponentStatus> | undefined];

/**
 * The sidebar's status line from the last GET /status answer: undefined before the
 * first answer, null when /status could not be reached or answered nonsense. A
 * component that is off by configuration is information, never the red of a failure.
 */
export function summarizeSystemStatus(status: StatusResponse | null | undefined): SystemStatusSummary {
  if (status === undefined) return { text: 'Checking systems...', tone: 'neutral', details: [] };
  if (status === null || typeof status.components !== 'object' || status.components === null) {
    return { text: 'Offline', tone: 'danger', details: ['The server cannot be reached.'] };
  }
  const notReady = Object.entries(status.components).filter(([, component]) => component?.status !== 'ready');
  const switchedOff = notReady.filter(isOffByConfiguration);
  const failing = notReady.filter((entry) => !isOffByConfiguration(entry));
  const details = notReady.map(describeComponent);
  if (failing.length > 0) {
    const unavailable = failing.some(([, component]) => component?.status !== 'degraded');
    return {
      text: `Degraded: ${failing.map(([name]) => name).join(', ')}`,
      tone: unavailable ? 'danger' : 'warning',
      details,
    };
  }
  if (switchedOff.length > 0) return { text: offByConfigurationText(switchedOff), tone: 'info', details };
  return { text: 'All Systems Online', tone: 'success', details: [] };
}

function isOffByConfiguration([, component]: ComponentEntry): boolean {
  return component?.disabledByConfiguration === true;
}

function offByConfigurationText(switchedOff: ComponentEntry[]): string {
  const known = switchedOff.flatMap(([name]) => OFF_BY_CONFIGURATION_TEXT[name] ?? []);
  const unknown = switchedOff.map(([name]) => name).filter((name) => OFF_BY_CONFIGURATION_TEXT[name] === undefined);
  const texts = [...new Set(known), ...(unknown.length > 0 ? [`Off by configuration: ${unknown.join(', ')}`] : [])];
  return texts.join('; ');
}

function describeComponent(entry: ComponentEntry): string {
  const [name, component] = entry;
  const state = isOffByConfiguration(entry) ? 'off by configuration' : (component?.status ?? 'unknown');
  return `${name}: ${state}${component?.message ? ` (${component.message})` : ''}`;
}
