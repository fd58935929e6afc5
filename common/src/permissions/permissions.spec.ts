import { describe, expect, it } from '@jest/globals';
import {
  FEATURES,
  FEATURE_GATES,
  PERMISSIONS,
  PERMISSION_DESCRIPTIONS,
  ROLES,
  ROLE_DISPLAY_NAMES,
  ROLE_PERMISSIONS,
  canUseFeature,
  DEMO_WITHHELD_PERMISSIONS,
  ROLE_DOCUMENT_SCOPES,
  defineAbilityFor,
  hasPermission,
  isPermission,
  normalizeRole,
  permissionsOf,
  type Permission,
} from './index.js';

// Spec section 6, written out by hand: the expectations must not be derived from
// the catalog under test, so that changing any cell of the catalog fails here.
const Y = true; // granted
const N = false; // denied

const ROLE_COLUMNS = ['admin', 'user', 'readonly', 'analyst', 'developer'] as const;

// prettier-ignore
const SPEC_ROLE_TABLE: ReadonlyArray<readonly [string, boolean, boolean, boolean, boolean, boolean]> = [
  //                        admin user readonly analyst developer
  ['documents:read',          Y,   Y,     Y,       Y,       Y],
  ['documents:write',         Y,   Y,     N,       N,       Y],
  ['documents:delete',        Y,   Y,     N,       N,       N],
  ['documents:upload',        Y,   Y,     N,       Y,       Y],
  ['documents:reprocess',     Y,   N,     N,       N,       Y],
  ['search:basic',            Y,   Y,     Y,       Y,       Y],
  ['search:advanced',         Y,   Y,     N,       Y,       Y],
  ['search:analytics',        Y,   N,     N,       Y,       N],
  ['search:export',           Y,   Y,     N,       Y,       Y],
  ['tools:execute',           Y,   Y,     N,       Y,       Y],
  ['tools:configure',         Y,   N,     N,       N,       Y],
  ['tools:create',            Y,   N,     N,       N,       Y],
  ['tools:delete',            Y,   N,     N,       N,       N],
  ['dashboard:view',          Y,   Y,     Y,       Y,       Y],
  ['dashboard:configure',     Y,   N,     N,       N,       Y],
  ['dashboard:export',        Y,   Y,     N,       Y,       Y],
  ['users:read',              Y,   N,     N,       N,       N],
  ['users:write',             Y,   N,     N,       N,       N],
  ['users:delete',            Y,   N,     N,       N,       N],
  ['users:manage_roles',      Y,   N,     N,       N,       N],
  ['api_keys:read',           Y,   Y,     Y,       Y,       Y],
  ['api_keys:create',         Y,   Y,     N,       Y,       Y],
  ['api_keys:delete',         Y,   Y,     N,       N,       Y],
  ['api_keys:manage',         Y,   N,     N,       N,       Y],
  ['system:configure',        Y,   N,     N,       N,       N],
  ['system:monitor',          Y,   N,     N,       N,       Y],
  ['system:backup',           Y,   N,     N,       N,       N],
  ['system:restore',          Y,   N,     N,       N,       N],
  ['analytics:view',          Y,   Y,     Y,       Y,       Y],
  ['analytics:export',        Y,   Y,     N,       Y,       Y],
  ['analytics:configure',     Y,   N,     N,       Y,       N],
];

const SPEC_FEATURE_GATES: ReadonlyArray<readonly [string, string]> = [
  ['documents', 'documents:read'],
  ['documentUpload', 'documents:upload'],
  ['documentDelete', 'documents:delete'],
  ['search', 'search:basic'],
  ['advancedSearch', 'search:advanced'],
  ['searchAnalytics', 'search:analytics'],
  ['tools', 'tools:execute'],
  ['toolsConfig', 'tools:configure'],
  ['dashboard', 'dashboard:view'],
  ['dashboardConfig', 'dashboard:configure'],
  ['userManagement', 'users:read'],
  ['userCreate', 'users:write'],
  ['apiKeys', 'api_keys:read'],
  ['systemConfig', 'system:configure'],
  ['analytics', 'analytics:view'],
];

function specGrants(role: string, permission: string): boolean {
  const row = SPEC_ROLE_TABLE.find(([name]) => name === permission);
  if (!row) throw new Error(`${permission} is not in the spec table`);
  return row[1 + ROLE_COLUMNS.indexOf(role as (typeof ROLE_COLUMNS)[number])] as boolean;
}

function specPermissionsOf(role: string): string[] {
  return SPEC_ROLE_TABLE.map(([permission]) => permission).filter((permission) => specGrants(role, permission));
}

const roleCells = ROLE_COLUMNS.flatMap((role) =>
  SPEC_ROLE_TABLE.map(([permission]) => ({
    role,
    permission,
    granted: specGrants(role, permission),
    verdict: specGrants(role, permission) ? 'holds' : 'lacks',
  })),
);

const featureCells = ROLE_COLUMNS.flatMap((role) =>
  SPEC_FEATURE_GATES.map(([feature, permission]) => ({
    role,
    feature,
    allowed: specGrants(role, permission),
    verdict: specGrants(role, permission) ? 'may' : 'may not',
  })),
);

const NOT_A_ROLE = [
  undefined,
  null,
  '',
  'superuser',
  'Admin',
  'ADMIN',
  ' admin',
  'constructor',
  '__proto__',
  42,
  {},
  ['admin'],
];

describe('the catalog', () => {
  it('lists the five roles with their display names', () => {
    expect(ROLES).toEqual(['admin', 'user', 'readonly', 'analyst', 'developer']);
    expect(ROLE_DISPLAY_NAMES).toEqual({
      admin: 'Administrator',
      user: 'User',
      readonly: 'Read Only',
      analyst: 'Analyst',
      developer: 'Developer',
    });
  });

  it("lists exactly the spec's 31 permissions in the spec's order", () => {
    expect(PERMISSIONS).toEqual(SPEC_ROLE_TABLE.map(([permission]) => permission));
    expect(PERMISSIONS).toHaveLength(31);
  });

  it('describes every permission in a short sentence', () => {
    expect(Object.keys(PERMISSION_DESCRIPTIONS).sort()).toEqual([...PERMISSIONS].sort());
    for (const description of Object.values(PERMISSION_DESCRIPTIONS)) expect(description).toMatch(/^[A-Z].{5,80}$/);
    expect(PERMISSION_DESCRIPTIONS['documents:read']).toBe('View documents and their details');
  });

  it.each(ROLE_COLUMNS)('gives %s exactly the permissions of the spec table', (role) => {
    expect([...ROLE_PERMISSIONS[role]].sort()).toEqual(specPermissionsOf(role).sort());
  });

  it("lists exactly the spec's feature gates", () => {
    expect(FEATURES).toEqual(SPEC_FEATURE_GATES.map(([feature]) => feature));
    expect(FEATURE_GATES).toEqual(Object.fromEntries(SPEC_FEATURE_GATES));
  });

  it('cannot be changed at run time to widen access', () => {
    expect(() => (ROLE_PERMISSIONS.readonly as Permission[]).push('users:delete')).toThrow(TypeError);
    expect(() => Object.assign(ROLE_PERMISSIONS, { readonly: PERMISSIONS })).toThrow(TypeError);
    expect(() => Object.assign(FEATURE_GATES, { userManagement: 'documents:read' })).toThrow(TypeError);
    expect(() => (DEMO_WITHHELD_PERMISSIONS as Permission[]).pop()).toThrow(TypeError);
    expect(() => Object.assign(ROLE_DOCUMENT_SCOPES, { user: 'all' })).toThrow(TypeError);
    expect(hasPermission({ role: 'readonly' }, 'users:delete')).toBe(false);
  });
});

describe('hasPermission', () => {
  it.each(roleCells)('$role $verdict $permission', ({ role, permission, granted }) => {
    expect(hasPermission({ role }, permission)).toBe(granted);
    expect(defineAbilityFor({ role }).can(permission as Permission, 'all')).toBe(granted);
  });

  it.each(['documents:approve', 'DOCUMENTS:READ', 'documents', 'manage', 'all', '', 'constructor', '__proto__'])(
    'denies the unknown permission %j even to admin',
    (permission) => {
      expect(hasPermission({ role: 'admin' }, permission)).toBe(false);
    },
  );
});

describe('permissionsOf', () => {
  it.each(ROLE_COLUMNS)('lists the permissions of %s in catalog order', (role) => {
    expect(permissionsOf({ role })).toEqual(specPermissionsOf(role));
  });
});

describe('canUseFeature', () => {
  it.each(featureCells)('$role $verdict use $feature', ({ role, feature, allowed }) => {
    expect(canUseFeature({ role }, feature)).toBe(allowed);
  });

  it.each(['billing', 'Documents', '', 'constructor', 'toString', '__proto__'])(
    'denies the unknown feature %j even to admin',
    (feature) => {
      expect(canUseFeature({ role: 'admin' }, feature)).toBe(false);
    },
  );
});

describe('a missing or unknown role', () => {
  it.each(NOT_A_ROLE)('%j is treated as readonly', (role) => {
    expect(normalizeRole(role)).toBe('readonly');
    expect(permissionsOf({ role })).toEqual(specPermissionsOf('readonly'));
    expect(canUseFeature({ role }, 'documents')).toBe(true);
    expect(canUseFeature({ role }, 'documentUpload')).toBe(false);
  });

  it.each([null, undefined])('%j as the actor (nobody signed in) is treated as readonly', (actor) => {
    expect(permissionsOf(actor)).toEqual(specPermissionsOf('readonly'));
  });

  it.each(ROLE_COLUMNS)('%s is kept as it is', (role) => {
    expect(normalizeRole(role)).toBe(role);
  });
});

describe('isPermission', () => {
  it('accepts catalog permissions and nothing else', () => {
    expect(isPermission('documents:read')).toBe(true);
    expect(isPermission('analytics:configure')).toBe(true);
    expect(isPermission('documents:approve')).toBe(false);
    expect(isPermission('manage')).toBe(false);
    expect(isPermission(undefined)).toBe(false);
    expect(isPermission(['documents:read'])).toBe(false);
  });
});
