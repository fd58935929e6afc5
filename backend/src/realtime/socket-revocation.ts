import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { EventBus, ofType } from '@nestjs/cqrs';
import type { Subscription } from 'rxjs';
import { accessChangedBy, type AccessHolder } from '../auth/access-changes.js';
import { RecordedDomainEvent } from '../event-store/recorded-domain-event.js';
import { apiKeyRoom, sessionRoom, userRoom } from './realtime-channels.js';
import { RealtimeGateway } from './realtime.gateway.js';

/**
 * Closes the sockets whose access an event ended or changed, as it is recorded: those
 * of a session signed out or revoked, of a deleted API key, of a user whose role
 * changed. A client that may still connect does so again and authenticates afresh.
 */
@Injectable()
export class SocketRevocation implements OnModuleInit, OnModuleDestroy {
  private subscription: Subscription | null = null;

  constructor(
    private readonly eventBus: EventBus,
    private readonly gateway: RealtimeGateway,
  ) {}

  onModuleInit(): void {
    this.subscription = this.eventBus.pipe(ofType(RecordedDomainEvent)).subscribe(({ event }) => {
      const holder = accessChangedBy(event);
      if (holder) this.gateway.closeSockets(roomOf(holder));
    });
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
  }
}

function roomOf(holder: AccessHolder): string {
  if ('sessionId' in holder) return sessionRoom(holder.sessionId);
  if ('apiKeyId' in holder) return apiKeyRoom(holder.apiKeyId);
  return userRoom(holder.userId);
}
