import type { ComponentStatus } from '@docent/common/api';
import type { ParseKeys, TFunction } from 'i18next';

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
const OFF_BY_CONFIGURATION_TEXT: Readonly<Record<string, ParseKeys<'common'>>> = {
  embeddings: 'status.keywordOnly',
  'rag-engine': 'status.keywordOnly',
};

type ComponentEntry = [name: string, component: Partial<ComponentStatus> | undefined];

/**
 * The sidebar's status line from the last GET /status answer: undefined before the
 * first answer, null when /status could not be reached or answered nonsense. A
 * component that is off by configuration is information, never the red of a failure.
 */
export function summarizeSystemStatus(
  status: StatusResponse | null | undefined,
  t: TFunction<'common'>,
): SystemStatusSummary {
  if (status === undefined) return { text: t('status.checking'), tone: 'neutral', details: [] };
  if (status === null || typeof status.components !== 'object' || status.components === null) {
    return { text: t('status.offline'), tone: 'danger', details: [t('status.unreachable')] };
  }
  const notReady = Object.entries(status.components).filter(([, component]) => component?.status !== 'ready');
  const switchedOff = notReady.filter(isOffByConfiguration);
  const failing = notReady.filter((entry) => !isOffByConfiguration(entry));
  const details = notReady.map((entry) => describeComponent(entry, t));
  if (failing.length > 0) {
    const unavailable = failing.some(([, component]) => component?.status !== 'degraded');
    return {
      text: t('status.degraded', { components: failing.map(([name]) => name).join(', ') }),
      tone: unavailable ? 'danger' : 'warning',
      details,
    };
  }
  if (switchedOff.length > 0) return { text: offByConfigurationText(switchedOff, t), tone: 'info', details };
  return { text: t('status.allOnline'), tone: 'success', details: [] };
}

function isOffByConfiguration([, component]: ComponentEntry): boolean {
  return component?.disabledByConfiguration === true;
}

function offByConfigurationText(switchedOff: ComponentEntry[], t: TFunction<'common'>): string {
  const known = switchedOff.flatMap(([name]) => {
    const key = OFF_BY_CONFIGURATION_TEXT[name];
    return key ? [t(key)] : [];
  });
  const unknown = switchedOff.map(([name]) => name).filter((name) => OFF_BY_CONFIGURATION_TEXT[name] === undefined);
  const texts = [
    ...new Set(known),
    ...(unknown.length > 0 ? [t('status.offByConfiguration', { components: unknown.join(', ') })] : []),
  ];
  return texts.join('; ');
}

function describeComponent(entry: ComponentEntry, t: TFunction<'common'>): string {
  const [name, component] = entry;
  const state = isOffByConfiguration(entry)
    ? t('status.offByConfigurationState')
    : (component?.status ?? t('status.unknownState'));
  return `${name}: ${state}${component?.message ? ` (${component.message})` : ''}`;
}
