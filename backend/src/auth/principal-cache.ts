import { Injectable } from '@nestjs/common';
import { Reaction, type ReactionHandler } from '../reactions/reaction.js';
import { ACCESS_CHANGING_EVENTS } from './access-changes.js';
import type { Principal } from './principal.js';

/** How long a credential's principal is reused without asking the database again. */
const PRINCIPAL_CACHE_TTL_MS = 30_000;
const PRINCIPAL_CACHE_ENTRIES = 10_000;

interface CachedPrincipal {
  principal: Principal;
  validUntil: number;
}

/**
 * This process's principals, by the SHA-256 of their credential (never the credential
 * itself), so that a busy client (the OpenAI gateway's, say) does not cost two queries
 * per request. Emptied whenever a revocation, role change or key deletion is recorded,
 * by this process or another on the same database, so none outlives its access.
 */
@Reaction({ name: 'principal-cache', events: ACCESS_CHANGING_EVENTS, delivery: 'every-process' })
@Injectable()
export class PrincipalCache implements ReactionHandler {
  private readonly principals = new Map<string, CachedPrincipal>();

  get(credentialHash: string): Principal | null {
    const cached = this.principals.get(credentialHash);
    if (cached && cached.validUntil > Date.now()) return cached.principal;
    this.principals.delete(credentialHash);
    return null;
  }

  /** Kept until the TTL runs out, or the credential expires if that comes first. */
  remember(credentialHash: string, principal: Principal, expiresAt: number): void {
    if (this.principals.size >= PRINCIPAL_CACHE_ENTRIES) this.principals.delete(this.principals.keys().next().value!);
    this.principals.set(credentialHash, {
      principal,
      validUntil: Math.min(Date.now() + PRINCIPAL_CACHE_TTL_MS, expiresAt),
    });
  }

  react(): void {
    this.principals.clear();
  }
}
