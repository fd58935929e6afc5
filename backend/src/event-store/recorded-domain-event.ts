import type { IEvent } from '@nestjs/cqrs';
import { filter, type OperatorFunction } from 'rxjs';
import type { DomainEventType, RecordedEvent } from './domain-event.js';

/** What the CQRS event bus carries: one committed event from the log. */
export class RecordedDomainEvent implements IEvent {
  constructor(readonly event: RecordedEvent) {}
}

/** Filters the event bus down to committed events of the given types. */
export function ofDomainEventType<Type extends DomainEventType>(
  ...types: Type[]
): OperatorFunction<unknown, RecordedDomainEvent & { event: RecordedEvent<Type> }> {
  return filter(
    (message): message is RecordedDomainEvent & { event: RecordedEvent<Type> } =>
      message instanceof RecordedDomainEvent && (types as string[]).includes(message.event.type),
  );
}
