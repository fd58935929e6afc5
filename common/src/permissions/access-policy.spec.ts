import { describe, expect, it } from '@jest/globals';
import {
  canActOnDocument,
  canUseFeature,
  hasPermission,
  PERMISSIONS,
  permissionsOf,
  type Actor,
  type DocumentAction,
} from './index.js';

// Written out by hand, not derived from the catalog: changing who may do what to whose
// document must fail here.
const Y = true;
const N = false;

const ME = 'a6f1c3d2-0000-4000-8000-000000000001';
const SOMEONE_ELSE = 'a6f1c3d2-0000-4000-8000-000000000002';

const DOCUMENTS = {
  'my shared': { accessLevel: 'shared', uploadedBy: ME },
  'my private': { accessLevel: 'private', uploadedBy: ME },
  "someone else's shared": { accessLevel: 'shared', uploadedBy: SOMEONE_ELSE },
  "someone else's private": { accessLevel: 'private', uploadedBy: SOMEONE_ELSE },
} as const;

type Row = readonly [DocumentAction, boolean, boolean, boolean, boolean];

// prettier-ignore
const POLICY: Record<string, { actor: Actor; rows: readonly Row[] }> = {
  //                             my shared  my private  else's shared  else's private
  admin: { actor: { role: 'admin', userId: ME }, rows: [
    ['read',                         Y,         Y,           Y,             Y],
    ['update',                       Y,         Y,           Y,             Y],
    ['delete',                       Y,         Y,           Y,             Y],
    ['reprocess',                    Y,         Y,           Y,             Y],
  ] },
  user: { actor: { role: 'user', userId: ME }, rows: [
    ['read',                         Y,         Y,           Y,             N],
    ['update',                       Y,         Y,           N,             N],
    ['delete',                       Y,         Y,           N,             N],
    ['reprocess',                    N,         N,           N,             N],
  ] },
  readonly: { actor: { role: 'readonly', userId: ME }, rows: [
    ['read',                         Y,         Y,           Y,             N],
    ['update',                       N,         N,           N,             N],
    ['delete',                       N,         N,           N,             N],
    ['reprocess',                    N,         N,           N,             N],
  ] },
  analyst: { actor: { role: 'analyst', userId: ME }, rows: [
    ['read',                         Y,         Y,           Y,             N],
    ['update',                       N,         N,           N,             N],
    ['delete',                       N,         N,           N,             N],
    ['reprocess',                    N,         N,           N,             N],
  ] },
  developer: { actor: { role: 'developer', userId: ME }, rows: [
    ['read',                         Y,         Y,           Y,             N],
    ['update',                       Y,         Y,           N,             N],
    ['delete',                       N,         N,           N,             N],
    ['reprocess',                    Y,         Y,           N,             N],
  ] },
  'the demo administrator': { actor: { role: 'admin', userId: ME, isDemo: true }, rows: [
    ['read',                         Y,         Y,           Y,             N],
    ['update',                       Y,         Y,           N,             N],
    ['delete',                       Y,         Y,           N,             N],
    ['reprocess',                    Y,         Y,           N,             N],
  ] },
};

const cells = Object.entries(POLICY).flatMap(([who, { actor, rows }]) =>
  rows.flatMap(([action, ...allowed]) =>
    Object.keys(DOCUMENTS).map((document, column) => ({
      who,
      actor,
      action,
      document: document as keyof typeof DOCUMENTS,
      allowed: allowed[column]!,
      verdict: allowed[column] ? 'may' : 'may not',
    })),
  ),
);

describe('the document policy', () => {
  it.each(cells)('$who $verdict $action $document document', ({ actor, action, document, allowed }) => {
    expect(canActOnDocument(actor, action, DOCUMENTS[document])).toBe(allowed);
  });

  it('reaches no document as its own for an actor without a user id', () => {
    const anonymous: Actor = { role: 'user' };
    expect(canActOnDocument(anonymous, 'read', DOCUMENTS["someone else's shared"])).toBe(true);
    expect(canActOnDocument(anonymous, 'delete', { accessLevel: 'shared', uploadedBy: '' })).toBe(false);
  });

  it('denies an access level it does not know, as private', () => {
    const document = { accessLevel: 'secret', uploadedBy: SOMEONE_ELSE };
    expect(canActOnDocument({ role: 'user', userId: ME }, 'read', document)).toBe(false);
    expect(canActOnDocument({ role: 'admin', userId: ME }, 'read', document)).toBe(true);
  });

  it('leaves the document it is given as it was', () => {
    const document = { accessLevel: 'shared', uploadedBy: ME };
    canActOnDocument({ role: 'user', userId: ME }, 'update', document);
    expect(Object.getOwnPropertyNames(document)).toEqual(['accessLevel', 'uploadedBy']);
  });
});

// The demo administrator may look around but never change who may do what, the model
// providers, or make anything that outlives the demo.
const DEMO_WITHHELD = [
  'users:write',
  'users:delete',
  'users:manage_roles',
  'system:configure',
  'system:backup',
  'system:restore',
  'api_keys:create',
  'api_keys:manage',
];

describe('a demo session', () => {
  const demo: Actor = { role: 'admin', userId: ME, isDemo: true };

  it.each(DEMO_WITHHELD)('is refused %s although its role grants it', (permission) => {
    expect(hasPermission({ role: 'admin', userId: ME }, permission)).toBe(true);
    expect(hasPermission(demo, permission)).toBe(false);
  });

  it('keeps every other permission of its role', () => {
    expect(permissionsOf(demo)).toEqual(PERMISSIONS.filter((permission) => !DEMO_WITHHELD.includes(permission)));
  });

  it('cannot use the features those permissions gate', () => {
    expect(canUseFeature(demo, 'userCreate')).toBe(false);
    expect(canUseFeature(demo, 'systemConfig')).toBe(false);
    expect(canUseFeature(demo, 'userManagement')).toBe(true);
  });

  it('is refused the withheld permissions whatever its role', () => {
    expect(hasPermission({ role: 'user', userId: ME, isDemo: true }, 'api_keys:create')).toBe(false);
    expect(hasPermission({ role: 'user', userId: ME, isDemo: true }, 'api_keys:read')).toBe(true);
  });
});
