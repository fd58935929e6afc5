import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../common/domain-error.js';
import { Decisions } from '../../event-store/decisions.service.js';
import type { ApiKeyView } from '../api-keys/api-key-view.js';
import { generateApiKey, maskApiKey, sha256 } from '../tokens/secret-tokens.js';
import { userDecider } from '../users/user.decider.js';
import { userStreamId } from '../users/user.events.js';
import { CreateApiKeyCommand } from './create-api-key.command.js';

export const API_KEY_CANNOT_CREATE_KEYS = 'An API key cannot create API keys: sign in to create one';

@CommandHandler(CreateApiKeyCommand)
export class CreateApiKeyHandler implements ICommandHandler<CreateApiKeyCommand> {
  constructor(private readonly decisions: Decisions) {}

  /**
   * The only time the full key is ever shown: only its hash is kept. Only a signed-in
   * person creates keys: a leaked key must not be able to mint others that outlive its deletion.
   */
  async execute({ principal, name }: CreateApiKeyCommand): Promise<ApiKeyView> {
    if (principal.apiKeyId !== null) throw new DomainError('forbidden', API_KEY_CANNOT_CREATE_KEYS);
    const { userId } = principal;
    const keyId = randomUUID();
    const key = generateApiKey();
    const created = new Date();
    await this.decisions.handle(
      userDecider,
      userStreamId(userId),
      { type: 'CreateApiKey', keyId, name: name.trim(), keyHash: sha256(key), maskedKey: maskApiKey(key) },
      { actorId: userId },
    );
    return { id: keyId, name: name.trim(), key, created: created.toISOString(), lastUsed: null, status: 'active' };
  }
}
