import { DomainError } from '../../common/domain-error.js';
import type { Decider } from '../../event-store/decider.js';
import type { DomainEvent } from '../../event-store/domain-event.js';
import { SERVICE_STREAM_TYPE } from './service.events.js';

export const cannotBeRestarted = (service: string) =>
  `${service} cannot be restarted: it has nothing to restart in this process`;

export type ServiceRestartCommand = {
  type: 'RecordRestart';
  service: string;
  /** Whether the component can be restarted at all; one that cannot has no restart to record. */
  restartable: boolean;
  tookMs: number;
};
export type ServiceRestartEvent = DomainEvent<'ServiceRestarted'>;

/** Each component's restarts, as facts: a restart depends on no earlier one. */
export const serviceRestartDecider: Decider<ServiceRestartCommand, ServiceRestartEvent, null> = {
  streamType: SERVICE_STREAM_TYPE,
  appendOnly: true,
  initialState: () => null,
  decide(command) {
    if (!command.restartable) throw new DomainError('conflict', cannotBeRestarted(command.service));
    return [{ type: 'ServiceRestarted', data: { service: command.service, tookMs: command.tookMs } }];
  },
  evolve: (state) => state,
};
