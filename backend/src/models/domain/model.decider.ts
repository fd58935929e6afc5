import { DEFAULT_MODEL_CONFIGURATION, UNLIMITED_MODEL_LIMITS } from '@docent/common/models';
import type { Decider } from '../../event-store/decider.js';
import { assertNever, type DomainEvent } from '../../event-store/domain-event.js';
import {
  MODEL_STREAM_TYPE,
  type ChosenModelStatus,
  type ModelLimitSettings,
  type ModelParameters,
} from './model.events.js';

export type ModelHealth = 'untested' | 'passed' | 'failed';

/** A model's administrator settings and the outcome of its last health test. */
export interface ModelState {
  configuration: ModelParameters;
  limits: ModelLimitSettings;
  adminStatus: ChosenModelStatus;
  health: ModelHealth;
}

export type ModelCommand =
  | {
      type: 'Update';
      modelId: string;
      configuration?: Partial<ModelParameters>;
      limits?: Partial<ModelLimitSettings>;
      status?: ChosenModelStatus;
    }
  | { type: 'RecordTest'; modelId: string; success: boolean; responseTimeMs: number; error: string | null };

export type ModelEvent = DomainEvent<'ModelConfigured' | 'ModelLimitsChanged' | 'ModelStatusChanged' | 'ModelTested'>;

function decide(command: ModelCommand, state: ModelState): ModelEvent[] {
  const { modelId } = command;
  switch (command.type) {
    case 'Update': {
      const events: ModelEvent[] = [];
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
      const events: ModelEvent[] = [{ type: 'ModelTested', data: { modelId, success, responseTimeMs, error } }];
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

function evolve(state: ModelState, event: ModelEvent): ModelState {
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

/**
 * A model's parameters, limits and chosen status, and its health tests: each change
 * records only what differs, with the full values after it; a test's outcome changes the
 * status only when it differs from the last one.
 */
export const modelDecider: Decider<ModelCommand, ModelEvent, ModelState> = {
  streamType: MODEL_STREAM_TYPE,
  initialState: () => ({
    configuration: DEFAULT_MODEL_CONFIGURATION,
    limits: UNLIMITED_MODEL_LIMITS,
    adminStatus: 'active',
    health: 'untested',
  }),
  decide,
  evolve,
};
