import type { SystemAlert, SystemStatus } from '@docent/common/admin';
import type { Model } from '@docent/common/models';
import type { ComponentStatus } from '../../status/status-component.js';

/** Above this share of the disk holding DATA_DIR in use, uploads and the database may soon fail. */
export const DISK_FULL_PERCENT = 90;
/** A projection this many events behind the log shows pages visibly stale data. */
export const PROJECTION_LAG_EVENTS = 1_000;

export interface AlertInputs {
  disk: SystemStatus['disk'];
  projections: ComponentStatus | undefined;
  documentProcessing: ComponentStatus | undefined;
  models: readonly Pick<Model, 'id' | 'status' | 'statusReason'>[];
}

/** The alerts the measured conditions raise; none is raised from anything but a measurement. */
export function systemAlerts({ disk, projections, documentProcessing, models }: AlertInputs): SystemAlert[] {
  const alerts: SystemAlert[] = [];
  if (disk && disk.usedPercent > DISK_FULL_PERCENT) {
    alerts.push({
      severity: 'error',
      kind: 'disk',
      message: `The disk holding the data folder is ${disk.usedPercent}% full`,
    });
  }
  const lag = Object.entries((projections?.lag as Record<string, number> | undefined) ?? {}).filter(
    ([, behind]) => behind > PROJECTION_LAG_EVENTS,
  );
  if (projections?.status === 'degraded') {
    alerts.push({
      severity: 'error',
      kind: 'projection-lag',
      message: `A projection is failing: ${projections.message}`,
    });
  } else if (lag.length > 0) {
    alerts.push({
      severity: 'warning',
      kind: 'projection-lag',
      message: `Read models are behind the log: ${lag.map(([name, behind]) => `${name} by ${behind} events`).join(', ')}`,
    });
  }
  const failed = Number(documentProcessing?.failedDocuments ?? 0);
  if (failed > 0) {
    alerts.push({
      severity: 'warning',
      kind: 'failed-documents',
      message: `${failed} ${failed === 1 ? 'document' : 'documents'} failed processing; reprocess from the Documents page`,
    });
  }
  const failing = models.filter((model) => model.status === 'error');
  if (failing.length > 0) {
    alerts.push({
      severity: 'error',
      kind: 'provider-health',
      message: `Failing their health test: ${failing.map((model) => (model.statusReason ? `${model.id} (${model.statusReason})` : model.id)).join('; ')}`,
    });
  }
  return alerts;
}
