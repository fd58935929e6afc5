import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Decisions } from '../../event-store/decisions.service.js';
import { searchDecider } from '../domain/search.decider.js';
import { searchStreamId } from '../domain/search.events.js';
import { RecordSearchCommand } from './record-search.command.js';

/** SearchPerformed, on the searcher's stream; the search figures and history follow it inline. */
@CommandHandler(RecordSearchCommand)
export class RecordSearchHandler implements ICommandHandler<RecordSearchCommand> {
  constructor(private readonly decisions: Decisions) {}

  async execute({ search, principal }: RecordSearchCommand): Promise<void> {
    await this.decisions.handle(
      searchDecider,
      searchStreamId(principal.userId),
      { type: 'RecordSearch', search: { userId: principal.userId, ...search } },
      { actorId: principal.userId },
    );
  }
}
