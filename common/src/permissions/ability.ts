import { createMongoAbility, subject, type ForcedSubject, type MongoAbility, type RawRuleOf } from '@casl/ability';
import {
  DEMO_DOCUMENT_SCOPE,
  DEMO_WITHHELD_PERMISSIONS,
  DOCUMENT_ACTIONS,
  FEATURE_GATES,
  PERMISSIONS,
  ROLE_DOCUMENT_SCOPES,
  ROLE_PERMISSIONS,
  isFeature,
  isPermission,
  normalizeRole,
  type DocumentAction,
  type Permission,
} from './catalog.js';

/** Whom the policy decides for: a principal on the server, the signed-in user in the web app. */
export interface Actor {
  /** A missing or unknown role is treated as readonly. */
  role: unknown;
  /** Who they are: without it no document is their own, so only shared ones are reached. */
  userId?: string | null;
  /** A demo session: DEMO_WITHHELD_PERMISSIONS are refused and documents reach DEMO_DOCUMENT_SCOPE. */
  isDemo?: boolean;
}

/** What the policy reads of a document. */
export interface DocumentAccessFields {
  accessLevel: string;
  uploadedBy: string;
}

export const DOCUMENT_SUBJECT = 'Document';

type DocumentSubject = typeof DOCUMENT_SUBJECT | (DocumentAccessFields & ForcedSubject<typeof DOCUMENT_SUBJECT>);

/**
 * The one access policy, a CASL ability: permissions are claims (actions on `all`), and
 * the document actions are decided per document from its access level and uploader.
 * Only what the rules grant is allowed, so anything not listed is denied.
 */
export type AccessPolicy = MongoAbility<[Permission, 'all'] | [DocumentAction, DocumentSubject]>;

type PolicyRule = RawRuleOf<AccessPolicy>;

const DOCUMENT_ACTION_NAMES = Object.keys(DOCUMENT_ACTIONS) as DocumentAction[];

/** An actor without a role (no one signed in, say) gets the fallback role's permissions. */
export function defineAbilityFor(actor: Actor | null | undefined): AccessPolicy {
  const role = normalizeRole(actor?.role);
  const claimRules: PolicyRule[] = [{ action: [...ROLE_PERMISSIONS[role]], subject: 'all' }];
  if (actor?.isDemo) claimRules.push({ action: [...DEMO_WITHHELD_PERMISSIONS], subject: 'all', inverted: true });
  const claims = createMongoAbility<AccessPolicy>(claimRules);

  const scope = actor?.isDemo ? DEMO_DOCUMENT_SCOPE : ROLE_DOCUMENT_SCOPES[role];
  const documentRules = DOCUMENT_ACTION_NAMES.filter((action) =>
    claims.can(DOCUMENT_ACTIONS[action].permission, 'all'),
  ).flatMap((action): PolicyRule[] => {
    if (scope === 'all') return [{ action, subject: DOCUMENT_SUBJECT }];
    const rules: PolicyRule[] = [];
    if (DOCUMENT_ACTIONS[action].reachesShared) {
      rules.push({ action, subject: DOCUMENT_SUBJECT, conditions: { accessLevel: 'shared' } });
    }
    if (actor?.userId) rules.push({ action, subject: DOCUMENT_SUBJECT, conditions: { uploadedBy: actor.userId } });
    return rules;
  });
  return createMongoAbility<AccessPolicy>([...claimRules, ...documentRules]);
}

export function hasPermission(actor: Actor | null | undefined, permission: string): boolean {
  return isPermission(permission) && defineAbilityFor(actor).can(permission, 'all');
}

export function canUseFeature(actor: Actor | null | undefined, feature: string): boolean {
  return isFeature(feature) && defineAbilityFor(actor).can(FEATURE_GATES[feature], 'all');
}

/** The actor's permissions in catalog order. */
export function permissionsOf(actor: Actor | null | undefined): Permission[] {
  const ability = defineAbilityFor(actor);
  return PERMISSIONS.filter((permission) => ability.can(permission, 'all'));
}

/** Whether the actor may do this to this document: the yes or no for one document. */
export function canActOnDocument(
  actor: Actor | null | undefined,
  action: DocumentAction,
  document: DocumentAccessFields,
): boolean {
  // A copy: subject() tags the object it is given, and the caller's record must stay as it is.
  const tagged = subject(DOCUMENT_SUBJECT, { accessLevel: document.accessLevel, uploadedBy: document.uploadedBy });
  return defineAbilityFor(actor).can(action, tagged);
}
