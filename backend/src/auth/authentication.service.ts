import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { CommandBus, EventBus, ofType } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/sql';
import { filter, type Subscription } from 'rxjs';
import { normalizeRole } from '@docent/common/permissions';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { RecordedDomainEvent } from '../event-store/recorded-domain-event.js';
import { accessChangedBy } from './access-changes.js';
import { ApiKeyEntity, type ApiKeyRecord } from './api-keys/api-key.entity.js';
import { RecordApiKeyUseCommand } from './commands/record-api-key-use.command.js';
import type { Principal } from './principal.js';
import { SessionEntity } from './sessions/session.entity.js';
import { AccessTokens } from './tokens/access-tokens.js';
import { isApiKey, sha256 } from './tokens/secret-tokens.js';
import { UserEntity, type UserRecord } from './users/user.entity.js';

/** How often a key's last use is recorded: often enough for the Settings page, rarely enough not to flood the log. */
const API_KEY_USE_RESOLUTION_MS = 60_000;
/** How long a credential's principal is reused without asking the database again. */
const PRINCIPAL_CACHE_TTL_MS = 30_000;
const PRINCIPAL_CACHE_ENTRIES = 10_000;

interface CachedPrincipal {
  principal: Principal;
  validUntil: number;
}

/**
 * Turns a bearer credential (access token or API key) into a principal, for HTTP and
 * sockets alike. Principals are cached briefly, so that a busy client (the OpenAI
 * gateway's, say) does not cost two queries per request; a revocation, role change or
 * key deletion empties the cache as it is recorded, so none outlives its access.
 */
@Injectable()
export class AuthenticationService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(AuthenticationService.name);
  /** By the credential's SHA-256, never the credential itself. */
  private readonly principals = new Map<string, CachedPrincipal>();
  private subscription: Subscription | null = null;

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accessTokens: AccessTokens,
    private readonly eventBus: EventBus,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.subscription = this.eventBus
      .pipe(
        ofType(RecordedDomainEvent),
        filter(({ event }) => accessChangedBy(event) !== null),
      )
      .subscribe(() => this.principals.clear());
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
  }

  async authenticate(bearer: string): Promise<Principal | null> {
    const apiKey = isApiKey(bearer);
    // An access token's signature and expiry are checked on every use; only the database's answer is cached.
    const claims = apiKey ? null : await this.accessTokens.verify(bearer);
    if (!apiKey && !claims) return null;
    const cacheKey = sha256(bearer);
    const cached = this.principals.get(cacheKey);
    if (cached && cached.validUntil > Date.now()) return cached.principal;
    this.principals.delete(cacheKey);

    const found = apiKey ? await this.authenticateApiKey(bearer) : await this.authenticateSession(claims!);
    if (found) this.remember(cacheKey, found.principal, found.expiresAt);
    return found?.principal ?? null;
  }

  private remember(cacheKey: string, principal: Principal, expiresAt: number): void {
    if (this.principals.size >= PRINCIPAL_CACHE_ENTRIES) this.principals.delete(this.principals.keys().next().value!);
    this.principals.set(cacheKey, { principal, validUntil: Math.min(Date.now() + PRINCIPAL_CACHE_TTL_MS, expiresAt) });
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

  /** The demo administrator exists only while demo mode is on. */
  private isAllowed(user: UserRecord): boolean {
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
