import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import { normalizeRole } from '@docent/common/permissions';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { EventStore } from '../event-store/event-store.service.js';
import { ApiKeyEntity, type ApiKeyRecord } from './api-keys/api-key.entity.js';
import type { Principal } from './principal.js';
import { SessionEntity } from './sessions/session.entity.js';
import { AccessTokens } from './tokens/access-tokens.js';
import { isApiKey, sha256 } from './tokens/secret-tokens.js';
import { API_KEY_USAGE_STREAM_TYPE, apiKeyUsageStreamId } from './users/user.events.js';
import { UserEntity, type UserRecord } from './users/user.entity.js';

/** How often a key's last use is recorded: often enough for the Settings page, rarely enough not to flood the log. */
const API_KEY_USE_RESOLUTION_MS = 60_000;

/** Turns a bearer credential (access token or API key) into a principal, for HTTP and sockets alike. */
@Injectable()
export class AuthenticationService {
  private readonly logger = new Logger(AuthenticationService.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accessTokens: AccessTokens,
    private readonly eventStore: EventStore,
  ) {}

  async authenticate(bearer: string): Promise<Principal | null> {
    return isApiKey(bearer) ? this.authenticateApiKey(bearer) : this.authenticateAccessToken(bearer);
  }

  private async authenticateAccessToken(token: string): Promise<Principal | null> {
    const claims = await this.accessTokens.verify(token);
    if (!claims) return null;
    const em = this.orm.em.fork();
    const session = await em.findOne(SessionEntity, { id: claims.sessionId, userId: claims.userId });
    if (!session || session.revokedAt || session.expiresAt <= new Date()) return null;
    const user = await em.findOne(UserEntity, { id: claims.userId });
    if (!user || !this.isAllowed(user)) return null;
    return { userId: user.id, role: normalizeRole(user.role), sessionId: session.id, apiKeyId: null };
  }

  private async authenticateApiKey(key: string): Promise<Principal | null> {
    const em = this.orm.em.fork();
    const apiKey = await em.findOne(ApiKeyEntity, { keyHash: sha256(key) });
    if (!apiKey) return null;
    const user = await em.findOne(UserEntity, { id: apiKey.userId });
    if (!user || !this.isAllowed(user)) return null;
    void this.recordApiKeyUse(apiKey);
    return { userId: user.id, role: normalizeRole(user.role), sessionId: null, apiKeyId: apiKey.id };
  }

  /** The demo administrator exists only while demo mode is on. */
  private isAllowed(user: UserRecord): boolean {
    return !user.isDemo || this.config.auth.demoMode;
  }

  /** Best effort and off the request's path: a lost "last used" time must never fail the call it describes. */
  private async recordApiKeyUse(apiKey: ApiKeyRecord): Promise<void> {
    const now = Date.now();
    if (apiKey.lastUsedAt && now - apiKey.lastUsedAt.getTime() < API_KEY_USE_RESOLUTION_MS) return;
    try {
      await this.eventStore.append(
        {
          streamId: apiKeyUsageStreamId(apiKey.id),
          streamType: API_KEY_USAGE_STREAM_TYPE,
          expectedVersion: 'any',
          events: [{ type: 'ApiKeyUsed', data: { keyId: apiKey.id } }],
        },
        { actorId: apiKey.userId },
      );
    } catch (error) {
      this.logger.warn(`Could not record the use of API key ${apiKey.id}: ${(error as Error).message}`);
    }
  }
}
