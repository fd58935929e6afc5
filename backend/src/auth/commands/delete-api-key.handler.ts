import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DeleteApiKeyCommand } from './delete-api-key.command.js';
import { UserStreamWriter } from './user-stream-writer.js';

@CommandHandler(DeleteApiKeyCommand)
export class DeleteApiKeyHandler implements ICommandHandler<DeleteApiKeyCommand> {
  constructor(private readonly users: UserStreamWriter) {}

  async execute({ userId, keyId }: DeleteApiKeyCommand): Promise<void> {
    await this.users.execute(userId, { type: 'DeleteApiKey', keyId }, userId);
  }
}
