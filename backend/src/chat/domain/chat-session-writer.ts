import { Injectable } from '@nestjs/common';
import type { DomainEvent, EventMetadata } from '../../event-store/domain-event.js';
import { EventStore } from '../../event-store/event-store.service.js';
import { loadAggregate } from '../../event-store/load-aggregate.js';
import {
  decideChatSession,
  evolveChatSession,
  initialChatSessionState,
  type ChatSessionCommand,
} from './chat-session.decider.js';
import { CHAT_STREAM_TYPE, chatSessionStreamId } from './chat.events.js';

/** Load, decide, append for chat sessions; and the outcome of an answer, which decides nothing. */
@Injectable()
export class ChatSessionWriter {
  constructor(private readonly eventStore: EventStore) {}

  async execute(command: ChatSessionCommand, metadata: EventMetadata): Promise<void> {
    const streamId = chatSessionStreamId(command.sessionId);
    const { state, version } = await loadAggregate(
      this.eventStore,
      streamId,
      initialChatSessionState,
      evolveChatSession,
    );
    const events = decideChatSession(command, state);
    if (events.length === 0) return;
    await this.eventStore.append(
      { streamId, streamType: CHAT_STREAM_TYPE, expectedVersion: version, events },
      metadata,
    );
  }

  /** An answer or its failure, recorded even when the session was deleted meanwhile (for the stats); returns when. */
  async recordOutcome(
    sessionId: string,
    event: DomainEvent<'ChatAnswered' | 'ChatAnswerFailed'>,
    metadata: EventMetadata,
  ): Promise<Date> {
    const [recorded] = await this.eventStore.append(
      {
        streamId: chatSessionStreamId(sessionId),
        streamType: CHAT_STREAM_TYPE,
        expectedVersion: 'any',
        events: [event],
      },
      metadata,
    );
    return recorded!.occurredAt;
  }
}
