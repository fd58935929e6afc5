import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ApiKeyView } from '../api-keys/api-key-view.js';
import { generateApiKey, maskApiKey, sha256 } from '../tokens/secret-tokens.js';
import { CreateApiKeyCommand } from './create-api-key.command.js';
import { UserStreamWriter } from './user-stream-writer.js';

@CommandHandler(CreateApiKeyCommand)
export class CreateApiKeyHandler implements ICommandHandler<CreateApiKeyCommand> {
  constructor(private readonly users: UserStreamWriter) {}

  /** The only time the full key is ever shown: only its hash is kept. */
  async execute({ userId, name }: CreateApiKeyCommand): Promise<ApiKeyView> {
    const keyId = randomUUID();
    const key = generateApiKey();
    const created = new Date();
    await this.users.execute(
      userId,
      { type: 'CreateApiKey', keyId, name: name.trim(), keyHash: sha256(key), maskedKey: maskApiKey(key) },
      userId,
    );
    return { id: keyId, name: name.trim(), key, created: created.toISOString(), lastUsed: null, status: 'active' };
  }
}
