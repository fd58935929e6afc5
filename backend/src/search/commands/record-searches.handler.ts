import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Decisions } from '../../event-store/decisions.service.js';
import { searchDecider } from '../domain/search.decider.js';
import { searchStreamId } from '../domain/search.events.js';
import { RecordSearchesCommand } from './record-searches.command.js';

/** SearchPerformed for each search, on the searcher's stream, in one transaction; the search figures and history follow inline. */
@CommandHandler(RecordSearchesCommand)
export class RecordSearchesHandler implements ICommandHandler<RecordSearchesCommand> {
  constructor(private readonly decisions: Decisions) {}

  async execute({ searches, principal: { userId } }: RecordSearchesCommand): Promise<void> {
    await this.decisions.handle(
      searchDecider,
      searchStreamId(userId),
      { type: 'RecordSearches', searches: searches.map((search) => ({ userId, ...search })) },
      { actorId: userId },
    );
  }
}
