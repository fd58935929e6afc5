import type { DomainEventType, RecordedEvent } from '../event-store/domain-event.js';

/** What an event takes access from, or changes the access of: one session, one API key, or all a user holds. */
export type AccessHolder = { sessionId: string } | { apiKeyId: string } | { userId: string };

/**
 * The events that end a credential or change what its principal may do. Whatever
 * holds access on its strength (a cached principal, an open socket) is dropped when
 * one is recorded, by any process sharing the database, so that the next use
 * authenticates afresh.
 */
const ACCESS_CHANGED_BY: { [Type in DomainEventType]?: (event: RecordedEvent<Type>) => AccessHolder } = {
  SessionRevoked: (event) => ({ sessionId: event.streamId.slice('session-'.length) }),
  UserRoleChanged: (event) => ({ userId: event.streamId.slice('user-'.length) }),
  UserSuspended: (event) => ({ userId: event.streamId.slice('user-'.length) }),
  UserDeactivated: (event) => ({ userId: event.streamId.slice('user-'.length) }),
  UserDeleted: (event) => ({ userId: event.streamId.slice('user-'.length) }),
  ApiKeyDeleted: (event) => ({ apiKeyId: event.data.keyId }),
};

/** The types of ACCESS_CHANGED_BY: what the reactions that drop access follow. */
export const ACCESS_CHANGING_EVENTS = Object.keys(ACCESS_CHANGED_BY) as DomainEventType[];

export function accessChangedBy(event: RecordedEvent): AccessHolder | null {
  const holder = ACCESS_CHANGED_BY[event.type] as ((event: RecordedEvent) => AccessHolder) | undefined;
  return holder?.(event) ?? null;
}
