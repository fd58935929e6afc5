import {
  DEFAULT_MODEL_CONFIGURATION,
  UNLIMITED_MODEL_LIMITS,
  type ModelConfiguration,
  type ModelLimits,
  type SettableModelStatus,
} from '@docent/common/models';
import { assertNever, type DomainEvent, type RecordedEvent } from '../../event-store/domain-event.js';

export type ModelHealth = 'untested' | 'passed' | 'failed';

/** A model's administrator settings and the outcome of its last health test. */
export interface ModelState {
  configuration: ModelConfiguration;
  limits: ModelLimits;
  adminStatus: SettableModelStatus;
  health: ModelHealth;
}

export const initialModelState = (): ModelState => ({
  configuration: DEFAULT_MODEL_CONFIGURATION,
  limits: UNLIMITED_MODEL_LIMITS,
  adminStatus: 'active',
  health: 'untested',
});

export type ModelCommand =
  | {
      type: 'Update';
      modelId: string;
      configuration?: Partial<ModelConfiguration>;
      limits?: Partial<ModelLimits>;
      status?: SettableModelStatus;
    }
  | { type: 'RecordTest'; modelId: string; success: boolean; responseTimeMs: number; error: string | null };

export function decideModel(command: ModelCommand, state: ModelState): DomainEvent[] {
  const { modelId } = command;
  switch (command.type) {
    case 'Update': {
      const events: DomainEvent[] = [];
      const configuration = { ...state.configuration, ...command.configuration };
      if (!sameFields(configuration, state.configuration))
        events.push({ type: 'ModelConfigured', data: { modelId, configuration } });
      const limits = { ...state.limits, ...command.limits };
      if (!sameFields(limits, state.limits)) events.push({ type: 'ModelLimitsChanged', data: { modelId, limits } });
      if (command.status !== undefined && command.status !== state.adminStatus) {
        events.push({
          type: 'ModelStatusChanged',
          data: { modelId, status: command.status, reason: null, changedBy: 'administrator' },
        });
      }
      return events;
    }
    case 'RecordTest': {
      const { success, responseTimeMs, error } = command;
      const events: DomainEvent[] = [{ type: 'ModelTested', data: { modelId, success, responseTimeMs, error } }];
      const health: ModelHealth = success ? 'passed' : 'failed';
      if (health !== state.health) {
        events.push({
          type: 'ModelStatusChanged',
          data: { modelId, status: success ? 'active' : 'error', reason: error, changedBy: 'health-test' },
        });
      }
      return events;
    }
    default:
      return assertNever(command);
  }
}

export type ModelEvent = RecordedEvent<'ModelConfigured' | 'ModelLimitsChanged' | 'ModelStatusChanged' | 'ModelTested'>;

export function evolveModel(state: ModelState, event: ModelEvent): ModelState {
  switch (event.type) {
    case 'ModelConfigured':
      return { ...state, configuration: event.data.configuration };
    case 'ModelLimitsChanged':
      return { ...state, limits: event.data.limits };
    case 'ModelStatusChanged':
      // A health test's verdict is kept by ModelTested; only an administrator's choice is a setting.
      return event.data.changedBy === 'administrator' && event.data.status !== 'error'
        ? { ...state, adminStatus: event.data.status }
        : state;
    case 'ModelTested':
      return { ...state, health: event.data.success ? 'passed' : 'failed' };
    default:
      return assertNever(event);
  }
}

function sameFields<T extends object>(a: T, b: T): boolean {
  return (Object.keys(a) as (keyof T)[]).every((key) => a[key] === b[key]);
}
