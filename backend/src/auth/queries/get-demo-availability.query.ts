import { Query } from '@nestjs/cqrs';

/** Whether the demo administrator login is offered to a client at this address. */
export class GetDemoAvailabilityQuery extends Query<boolean> {
  constructor(readonly clientAddress: string | undefined) {
    super();
  }
}
