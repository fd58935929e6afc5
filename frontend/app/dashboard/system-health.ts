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
const HEALTH_COMPONENTS: { name: string; component: string | null }[] = [
  { name: 'API Gateway', component: null },
  { name: 'Database', component: 'database' },
  { name: 'AI Models', component: 'model-router' },
  { name: 'Security', component: 'event-store' },
];

function stateOf(status: string | undefined): Omit<HealthRow, 'name'> {
  switch (status) {
    case 'ready':
      return { state: 'Operational', tone: 'success' };
    case 'degraded':
      return { state: 'Degraded', tone: 'warning' };
    case undefined:
      return { state: 'Not reported', tone: 'neutral' };
    default:
      return { state: 'Unavailable', tone: 'danger' };
  }
}

/** The four rows; with no answer from /status, every one is unreachable. */
export function healthRows(status: StatusResponse | null): HealthRow[] {
  return HEALTH_COMPONENTS.map(({ name, component }) => {
    if (!status?.components) return { name, state: 'Unreachable', tone: 'danger' };
    if (component === null) return { name, state: 'Operational', tone: 'success' };
    return { name, ...stateOf(status.components[component]?.status) };
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
