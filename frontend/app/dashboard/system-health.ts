import type { TFunction } from 'i18next';
import type { BadgeTone } from '../components/ui/badge';
import type { StatusResponse } from '../components/shell/system-status';

export interface HealthRow {
  name: string;
  state: string;
  tone: BadgeTone;
}

/**
 * The System Health card's four rows from GET /status. API Gateway is the API itself:
 * up when /status answered. Security is the event store, where sessions, keys and the
 * audit trail are recorded: sign-in and revocation stop when it does.
 */
const HEALTH_COMPONENTS = [
  { name: 'health.apiGateway', component: null },
  { name: 'health.database', component: 'database' },
  { name: 'health.aiModels', component: 'model-router' },
  { name: 'health.security', component: 'event-store' },
] as const;

function stateOf(status: string | undefined, t: TFunction<'dashboard'>): Omit<HealthRow, 'name'> {
  switch (status) {
    case 'ready':
      return { state: t('health.operational'), tone: 'success' };
    case 'degraded':
      return { state: t('health.degraded'), tone: 'warning' };
    case undefined:
      return { state: t('health.notReported'), tone: 'neutral' };
    default:
      return { state: t('health.unavailable'), tone: 'danger' };
  }
}

/** The four rows; with no answer from /status, every one is unreachable. */
export function healthRows(status: StatusResponse | null, t: TFunction<'dashboard'>): HealthRow[] {
  return HEALTH_COMPONENTS.map(({ name: nameKey, component }) => {
    const name = t(nameKey);
    if (!status?.components) return { name, state: t('health.unreachable'), tone: 'danger' };
    if (component === null) return { name, state: t('health.operational'), tone: 'success' };
    return { name, ...stateOf(status.components[component]?.status, t) };
  });
}

/**
 * The header badge: 'System Operational' only when /status answered with every component
 * ready, except those off by configuration (no embedding model), which are not failing.
 */
export function systemOperational(status: StatusResponse | null): boolean {
  const components = status?.components;
  if (!components) return false;
  return Object.values(components).every(
    (component) => component?.status === 'ready' || component?.disabledByConfiguration === true,
  );
}
