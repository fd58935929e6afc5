import { Injectable } from '@nestjs/common';
import { canActOnDocument } from '@docent/common/permissions';
import type { Principal } from '../auth/principal.js';
import { documentDecider } from '../documents/domain/document.decider.js';
import { DOCUMENT_EVENT_TYPES, type DocumentEventType } from '../documents/domain/document.events.js';
import { Decisions } from '../event-store/decisions.service.js';
import type { RecordedEvent } from '../event-store/domain-event.js';
import { Reaction, type ReactionHandler } from '../reactions/reaction.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { ACTIVITY_EVENT_TYPES, describeActivity, type ActivityEventType } from './activity-items.js';

const everyone = () => true;
const documentEventTypes: ReadonlySet<string> = new Set<DocumentEventType>(DOCUMENT_EVENT_TYPES);

/**
 * Pushes each new activity item to the activity channel of /ws as the spec's Activity item,
 * from the log, so the dashboard's Live Activity hears of every process's events. An item
 * about a document names it, so it reaches only those the access policy lets read it.
 */
@Reaction({ name: 'push-activity', events: ACTIVITY_EVENT_TYPES, delivery: 'every-process' })
@Injectable()
export class PushActivityReaction implements ReactionHandler<ActivityEventType> {
  constructor(
    private readonly realtime: RealtimeService,
    private readonly decisions: Decisions,
  ) {}

  async react(event: RecordedEvent<ActivityEventType>): Promise<void> {
    if (this.realtime.subscriberCount('activity') === 0) return;
    const item = describeActivity(event);
    if (!item) return;
    await this.realtime.publishTo(
      'activity',
      { id: String(event.position), ...item, timestamp: event.occurredAt.toISOString() },
      await this.audience(event),
    );
  }

  private async audience(event: RecordedEvent<ActivityEventType>): Promise<(principal: Principal) => boolean> {
    if (!documentEventTypes.has(event.type)) return everyone;
    const { state } = await this.decisions.load(documentDecider, event.streamId);
    return (principal) => canActOnDocument(principal, 'read', state);
  }
}
