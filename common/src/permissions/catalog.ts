// The permission catalog of spec section 6, shared by backend and frontend.
// Everything here is data, frozen so that no caller can widen anyone's access at
// run time; the checks built on it live in ability.ts.

export const ROLES = Object.freeze(['admin', 'user', 'readonly', 'analyst', 'developer'] as const);

export type Role = (typeof ROLES)[number];

export const ROLE_DISPLAY_NAMES: Readonly<Record<Role, string>> = Object.freeze({
  admin: 'Administrator',
  user: 'User',
  readonly: 'Read Only',
  analyst: 'Analyst',
  developer: 'Developer',
});

/** The role given to a session whose role is missing or unknown: the least privileged one. */
export const FALLBACK_ROLE: Role = 'readonly';

export const PERMISSIONS = Object.freeze([
  'documents:read',
  'documents:write',
  'documents:delete',
  'documents:upload',
  'documents:reprocess',
  'search:basic',
  'search:advanced',
  'search:analytics',
  'search:export',
  'tools:execute',
  'tools:configure',
  'tools:create',
  'tools:delete',
  'dashboard:view',
  'dashboard:configure',
  'dashboard:export',
  'users:read',
  'users:write',
  'users:delete',
  'users:manage_roles',
  'api_keys:read',
  'api_keys:create',
  'api_keys:delete',
  'api_keys:manage',
  'system:configure',
  'system:monitor',
  'system:backup',
  'system:restore',
  'analytics:view',
  'analytics:export',
  'analytics:configure',
] as const);

export type Permission = (typeof PERMISSIONS)[number];

/** What each permission lets a user do, as listed on the Settings page. */
export const PERMISSION_DESCRIPTIONS: Readonly<Record<Permission, string>> = Object.freeze({
  'documents:read': 'View documents and their details',
  'documents:write': 'Edit documents and their metadata',
  'documents:delete': 'Delete documents',
  'documents:upload': 'Upload new documents',
  'documents:reprocess': 'Reprocess documents that failed',
  'search:basic': 'Search documents',
  'search:advanced': 'Use advanced search and filters',
  'search:analytics': 'View search analytics',
  'search:export': 'Export search results',
  'tools:execute': 'Run MCP tools',
  'tools:configure': 'Configure MCP tools',
  'tools:create': 'Add new MCP tools',
  'tools:delete': 'Remove MCP tools',
  'dashboard:view': 'View the dashboard',
  'dashboard:configure': 'Configure the dashboard',
  'dashboard:export': 'Export dashboard data',
  'users:read': 'View users and their details',
  'users:write': 'Create and edit users',
  'users:delete': 'Delete users',
  'users:manage_roles': 'Change the roles of users',
  'api_keys:read': 'View API keys',
  'api_keys:create': 'Create API keys',
  'api_keys:delete': 'Delete API keys',
  'api_keys:manage': 'Manage all API keys',
  'system:configure': 'Change the system configuration',
  'system:monitor': 'Monitor system health and services',
  'system:backup': 'Back up system data',
  'system:restore': 'Restore system data from a backup',
  'analytics:view': 'View analytics',
  'analytics:export': 'Export analytics data',
  'analytics:configure': 'Configure analytics',
});

// Object.freeze alone would leave the lists inside the table writable.
function freezeTable<K extends string, V>(table: Record<K, readonly V[]>): Readonly<Record<K, readonly V[]>> {
  for (const list of Object.values<readonly V[]>(table)) Object.freeze(list);
  return Object.freeze(table);
}

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = freezeTable({
  admin: [...PERMISSIONS],
  user: [
    'documents:read',
    'documents:write',
    'documents:upload',
    'documents:delete',
    'search:basic',
    'search:advanced',
    'search:export',
    'tools:execute',
    'dashboard:view',
    'dashboard:export',
    'api_keys:read',
    'api_keys:create',
    'api_keys:delete',
    'analytics:view',
    'analytics:export',
  ],
  readonly: ['documents:read', 'search:basic', 'dashboard:view', 'api_keys:read', 'analytics:view'],
  analyst: [
    'documents:read',
    'documents:upload',
    'search:basic',
    'search:advanced',
    'search:analytics',
    'search:export',
    'tools:execute',
    'dashboard:view',
    'dashboard:export',
    'api_keys:read',
    'api_keys:create',
    'analytics:view',
    'analytics:export',
    'analytics:configure',
  ],
  developer: [
    'documents:read',
    'documents:write',
    'documents:upload',
    'documents:reprocess',
    'search:basic',
    'search:advanced',
    'search:export',
    'tools:execute',
    'tools:configure',
    'tools:create',
    'dashboard:view',
    'dashboard:configure',
    'dashboard:export',
    'api_keys:read',
    'api_keys:create',
    'api_keys:delete',
    'api_keys:manage',
    'system:monitor',
    'analytics:view',
    'analytics:export',
  ],
});

/**
 * Which documents a role's document permissions reach: its own and the shared ones, or
 * everyone's (the role manages all documents, private ones included).
 */
export const DOCUMENT_SCOPES = Object.freeze(['own-and-shared', 'all'] as const);

export type DocumentScope = (typeof DOCUMENT_SCOPES)[number];

export const ROLE_DOCUMENT_SCOPES: Readonly<Record<Role, DocumentScope>> = Object.freeze({
  admin: 'all',
  user: 'own-and-shared',
  readonly: 'own-and-shared',
  analyst: 'own-and-shared',
  developer: 'own-and-shared',
});

/**
 * What can be done to one document, the permission each needs, and whether it reaches
 * other people's shared documents for a role whose scope is its own and the shared ones.
 * Shared means readable by every reader; changing it stays with its uploader.
 */
export const DOCUMENT_ACTIONS = Object.freeze({
  read: Object.freeze({ permission: 'documents:read', reachesShared: true }),
  update: Object.freeze({ permission: 'documents:write', reachesShared: false }),
  delete: Object.freeze({ permission: 'documents:delete', reachesShared: false }),
  reprocess: Object.freeze({ permission: 'documents:reprocess', reachesShared: false }),
} as const satisfies Record<string, { permission: Permission; reachesShared: boolean }>);

export type DocumentAction = keyof typeof DOCUMENT_ACTIONS;

/**
 * A demo session (the demo administrator behind the login page's button) may look
 * around, but never change who may do what, the model providers' endpoints and keys, or
 * make anything that outlives the demo: these are withheld whatever its role grants.
 */
export const DEMO_WITHHELD_PERMISSIONS: readonly Permission[] = Object.freeze([
  'users:write',
  'users:delete',
  'users:manage_roles',
  'system:configure',
  'system:backup',
  'system:restore',
  'api_keys:create',
  'api_keys:manage',
]);

/** A demo session reads the shared documents and its own, and changes only its own. */
export const DEMO_DOCUMENT_SCOPE: DocumentScope = 'own-and-shared';

export const FEATURES = Object.freeze([
  'documents',
  'documentUpload',
  'documentDelete',
  'search',
  'advancedSearch',
  'searchAnalytics',
  'tools',
  'toolsConfig',
  'dashboard',
  'dashboardConfig',
  'userManagement',
  'userCreate',
  'apiKeys',
  'systemConfig',
  'analytics',
] as const);

export type Feature = (typeof FEATURES)[number];

/** The permission a user must hold to use each feature. */
export const FEATURE_GATES: Readonly<Record<Feature, Permission>> = Object.freeze({
  documents: 'documents:read',
  documentUpload: 'documents:upload',
  documentDelete: 'documents:delete',
  search: 'search:basic',
  advancedSearch: 'search:advanced',
  searchAnalytics: 'search:analytics',
  tools: 'tools:execute',
  toolsConfig: 'tools:configure',
  dashboard: 'dashboard:view',
  dashboardConfig: 'dashboard:configure',
  userManagement: 'users:read',
  userCreate: 'users:write',
  apiKeys: 'api_keys:read',
  systemConfig: 'system:configure',
  analytics: 'analytics:view',
});

// Membership is tested against the lists, never with `in` or an index lookup,
// so that names such as 'constructor' or '__proto__' are not mistaken for entries.
export function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}

export function isPermission(value: unknown): value is Permission {
  return (PERMISSIONS as readonly unknown[]).includes(value);
}

export function isFeature(value: unknown): value is Feature {
  return (FEATURES as readonly unknown[]).includes(value);
}

/** A missing or unknown role is treated as readonly (spec section 6). */
export function normalizeRole(value: unknown): Role {
  return isRole(value) ? value : FALLBACK_ROLE;
}
