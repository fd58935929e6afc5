import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Decisions } from '../../event-store/decisions.service.js';
import { searchDecider } from '../domain/search.decider.js';
import { searchStreamId } from '../domain/search.events.js';
import { ClearSearchHistoryCommand } from './clear-search-history.command.js';
import { SearchRecorder } from './search-recorder.js';

/** Empties the caller's search history, searches still waiting to be recorded included; the search figures keep counting. */
@CommandHandler(ClearSearchHistoryCommand)
export class ClearSearchHistoryHandler implements ICommandHandler<ClearSearchHistoryCommand> {
  constructor(
    private readonly decisions: Decisions,
    private readonly recorder: SearchRecorder,
  ) {}

  async execute({ principal }: ClearSearchHistoryCommand): Promise<void> {
    await this.recorder.recorded();
    await this.decisions.handle(
      searchDecider,
      searchStreamId(principal.userId),
      { type: 'ClearHistory', userId: principal.userId },
      { actorId: principal.userId },
    );
  }
}
