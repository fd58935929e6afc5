import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/sql';
import { normalizeRole } from '@docent/common/permissions';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ApiKeyEntity, type ApiKeyRecord } from './api-keys/api-key.entity.js';
import { RecordApiKeyUseCommand } from './commands/record-api-key-use.command.js';
import type { Principal } from './principal.js';
import { PrincipalCache } from './principal-cache.js';
import { SessionEntity } from './sessions/session.entity.js';
import { AccessTokens } from './tokens/access-tokens.js';
import { isApiKey, sha256 } from './tokens/secret-tokens.js';
import { UserEntity, type UserRecord } from './users/user.entity.js';

/** How often a key's last use is recorded: often enough for the Settings page, rarely enough not to flood the log. */
const API_KEY_USE_RESOLUTION_MS = 60_000;

/**
 * Turns a bearer credential (access token or API key) into a principal, for HTTP and
 * sockets alike. A service rather than a query handler: it is no HTTP read but the step
 * before any, run by the access guard and the socket gateway on every request and
 * handshake, with its own cache (PrincipalCache).
 */
@Injectable()
export class AuthenticationService {
  private readonly logger = new Logger(AuthenticationService.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accessTokens: AccessTokens,
    private readonly principals: PrincipalCache,
    private readonly commands: CommandBus,
  ) {}

  async authenticate(bearer: string): Promise<Principal | null> {
    const apiKey = isApiKey(bearer);
    // An access token's signature and expiry are checked on every use; only the database's answer is cached.
    const claims = apiKey ? null : await this.accessTokens.verify(bearer);
    if (!apiKey && !claims) return null;
    const cacheKey = sha256(bearer);
    const cached = this.principals.get(cacheKey);
    if (cached) return cached;

    const found = apiKey ? await this.authenticateApiKey(bearer) : await this.authenticateSession(claims!);
    if (found) this.principals.remember(cacheKey, found.principal, found.expiresAt);
    return found?.principal ?? null;
  }

  private async authenticateSession(claims: {
    userId: string;
    sessionId: string;
  }): Promise<{ principal: Principal; expiresAt: number } | null> {
    const em = this.orm.em.fork();
    const session = await em.findOne(SessionEntity, { id: claims.sessionId, userId: claims.userId });
    if (!session || session.revokedAt || session.expiresAt <= new Date()) return null;
    const user = await em.findOne(UserEntity, { id: claims.userId });
    if (!user || !this.isAllowed(user)) return null;
    // Suspending or deactivating the account ended the sessions it had; reactivating it does not revive them.
    if (user.sessionsEndedAt && session.createdAt <= user.sessionsEndedAt) return null;
    const principal: Principal = {
      userId: user.id,
      role: normalizeRole(user.role),
      isDemo: user.isDemo,
      sessionId: session.id,
      apiKeyId: null,
    };
    return { principal, expiresAt: session.expiresAt.getTime() };
  }

  private async authenticateApiKey(key: string): Promise<{ principal: Principal; expiresAt: number } | null> {
    const em = this.orm.em.fork();
    const apiKey = await em.findOne(ApiKeyEntity, { keyHash: sha256(key) });
    if (!apiKey) return null;
    const user = await em.findOne(UserEntity, { id: apiKey.userId });
    if (!user || !this.isAllowed(user)) return null;
    void this.recordApiKeyUse(apiKey);
    const principal: Principal = {
      userId: user.id,
      role: normalizeRole(user.role),
      isDemo: user.isDemo,
      sessionId: null,
      apiKeyId: apiKey.id,
    };
    return { principal, expiresAt: Number.POSITIVE_INFINITY };
  }

  /** Only an active account authenticates; the demo administrator exists only while demo mode is on. */
  private isAllowed(user: UserRecord): boolean {
    if (user.status !== 'active') return false;
    return !user.isDemo || this.config.auth.demoMode !== 'off';
  }

  /** Best effort and off the request's path: a lost "last used" time must never fail the call it describes. */
  private async recordApiKeyUse(apiKey: ApiKeyRecord): Promise<void> {
    if (apiKey.lastUsedAt && Date.now() - apiKey.lastUsedAt.getTime() < API_KEY_USE_RESOLUTION_MS) return;
    try {
      await this.commands.execute(new RecordApiKeyUseCommand(apiKey.id, apiKey.userId));
    } catch (error) {
      this.logger.warn(`Could not record the use of API key ${apiKey.id}: ${(error as Error).message}`);
    }
  }
}
