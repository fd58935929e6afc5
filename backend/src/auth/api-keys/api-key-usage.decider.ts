import type { Decider } from '../../event-store/decider.js';
import type { DomainEvent } from '../../event-store/domain-event.js';
import { API_KEY_USAGE_STREAM_TYPE } from '../users/user.events.js';

export type ApiKeyUsageCommand = { type: 'RecordUse'; keyId: string };

/** When each API key was last used: a fact log, appended to without being read. */
export const apiKeyUsageDecider: Decider<ApiKeyUsageCommand, DomainEvent<'ApiKeyUsed'>, null> = {
  streamType: API_KEY_USAGE_STREAM_TYPE,
  appendOnly: true,
  initialState: () => null,
  decide: (command) => [{ type: 'ApiKeyUsed', data: { keyId: command.keyId } }],
  evolve: (state) => state,
};
