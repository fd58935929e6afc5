import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Decisions } from '../../event-store/decisions.service.js';
import { apiKeyUsageDecider } from '../api-keys/api-key-usage.decider.js';
import { apiKeyUsageStreamId } from '../users/user.events.js';
import { RecordApiKeyUseCommand } from './record-api-key-use.command.js';

@CommandHandler(RecordApiKeyUseCommand)
export class RecordApiKeyUseHandler implements ICommandHandler<RecordApiKeyUseCommand> {
  constructor(private readonly decisions: Decisions) {}

  async execute({ keyId, userId }: RecordApiKeyUseCommand): Promise<void> {
    await this.decisions.handle(
      apiKeyUsageDecider,
      apiKeyUsageStreamId(keyId),
      { type: 'RecordUse', keyId },
      { actorId: userId },
    );
  }
}
