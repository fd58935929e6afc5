import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Decisions } from '../../event-store/decisions.service.js';
import { userDecider } from '../users/user.decider.js';
import { userStreamId } from '../users/user.events.js';
import { DeleteApiKeyCommand } from './delete-api-key.command.js';

@CommandHandler(DeleteApiKeyCommand)
export class DeleteApiKeyHandler implements ICommandHandler<DeleteApiKeyCommand> {
  constructor(private readonly decisions: Decisions) {}

  async execute({ userId, keyId }: DeleteApiKeyCommand): Promise<void> {
    await this.decisions.handle(
      userDecider,
      userStreamId(userId),
      { type: 'DeleteApiKey', keyId },
      { actorId: userId },
    );
  }
}
