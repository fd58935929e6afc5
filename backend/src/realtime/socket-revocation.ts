import { Injectable } from '@nestjs/common';
import { ACCESS_CHANGING_EVENTS, accessChangedBy, type AccessHolder } from '../auth/access-changes.js';
import type { RecordedEvent } from '../event-store/domain-event.js';
import { Reaction, type ReactionHandler } from '../reactions/reaction.js';
import { apiKeyRoom, sessionRoom, userRoom } from './realtime-channels.js';
import { RealtimeGateway } from './realtime.gateway.js';

/**
 * Closes this process's sockets whose access an event ended or changed, whichever
 * process recorded it: those of a session signed out or revoked, of a deleted API key,
 * of a user whose role changed. A client that may still connect does so again and
 * authenticates afresh.
 */
@Reaction({ name: 'socket-revocation', events: ACCESS_CHANGING_EVENTS, delivery: 'every-process' })
@Injectable()
export class SocketRevocation implements ReactionHandler {
  constructor(private readonly gateway: RealtimeGateway) {}

  react(event: RecordedEvent): void {
    const holder = accessChangedBy(event);
    if (holder) this.gateway.closeSockets(roomOf(holder));
  }
}

function roomOf(holder: AccessHolder): string {
  if ('sessionId' in holder) return sessionRoom(holder.sessionId);
  if ('apiKeyId' in holder) return apiKeyRoom(holder.apiKeyId);
  return userRoom(holder.userId);
}
