import type { IEvent } from '@nestjs/cqrs';
import type { RecordedEvent } from './domain-event.js';

/** What the CQRS event bus carries: one committed event from the log. */
export class RecordedDomainEvent implements IEvent {
  constructor(readonly event: RecordedEvent) {}
}
