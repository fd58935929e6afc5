import type { Decider } from '../../event-store/decider.js';
import type { DomainEvent, DomainEventMap } from '../../event-store/domain-event.js';
import { API_TRAFFIC_STREAM_TYPE } from './metrics.events.js';

export type MinuteOfTraffic = DomainEventMap['ApiTrafficRecorded'];

export type ApiTrafficCommand = { type: 'RecordTraffic'; minutes: readonly MinuteOfTraffic[] };

export type ApiTrafficEvent = DomainEvent<'ApiTrafficRecorded'>;

/** API traffic: facts appended without reading the stream; a minute with no request records nothing. */
export const apiTrafficDecider: Decider<ApiTrafficCommand, ApiTrafficEvent, null> = {
  streamType: API_TRAFFIC_STREAM_TYPE,
  appendOnly: true,
  initialState: () => null,
  decide: (command) =>
    command.minutes.filter((minute) => minute.routes.length > 0).map((data) => ({ type: 'ApiTrafficRecorded', data })),
  evolve: (state) => state,
};
