import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { canActOnDocument, type Actor, type DocumentAction } from '@docent/common/permissions';
import { documentAccessSql } from './document-access.js';

const ME = 'a6f1c3d2-0000-4000-8000-000000000001';
const SOMEONE_ELSE = 'a6f1c3d2-0000-4000-8000-000000000002';

const DOCUMENTS = [
  { id: 'my-shared', accessLevel: 'shared', uploadedBy: ME },
  { id: 'my-private', accessLevel: 'private', uploadedBy: ME },
  { id: 'their-shared', accessLevel: 'shared', uploadedBy: SOMEONE_ELSE },
  { id: 'their-private', accessLevel: 'private', uploadedBy: SOMEONE_ELSE },
];

const ACTORS: Record<string, Actor | null> = {
  admin: { role: 'admin', userId: ME },
  user: { role: 'user', userId: ME },
  readonly: { role: 'readonly', userId: ME },
  analyst: { role: 'analyst', userId: ME },
  developer: { role: 'developer', userId: ME },
  'the demo administrator': { role: 'admin', userId: ME, isDemo: true },
  'nobody signed in': null,
};

const ACTIONS: DocumentAction[] = ['read', 'update', 'delete', 'reprocess'];

const cases = Object.entries(ACTORS).flatMap(([who, actor]) => ACTIONS.map((action) => ({ who, actor, action })));

describe('the document policy as SQL', () => {
  let db: PGlite;

  beforeAll(async () => {
    db = new PGlite();
    await db.exec(
      'create table documents (id text primary key, access_level text not null, uploaded_by uuid not null)',
    );
    for (const { id, accessLevel, uploadedBy } of DOCUMENTS) {
      await db.query('insert into documents values ($1, $2, $3)', [id, accessLevel, uploadedBy]);
    }
  });
  afterAll(() => db.close());

  async function rowsWhere(actor: Actor | null, action: DocumentAction): Promise<string[]> {
    const parameters: unknown[] = [];
    const condition = documentAccessSql(actor ?? { role: null }, action, {
      alias: 'd',
      bind: (value) => {
        parameters.push(value);
        return `$${parameters.length}`;
      },
    });
    const { rows } = await db.query<{ id: string }>(
      `select id from documents d where ${condition} order by id`,
      parameters,
    );
    return rows.map((row) => row.id);
  }

  it.each(cases)('selects exactly the rows $who may $action', async ({ actor, action }) => {
    const allowed = DOCUMENTS.filter((document) => canActOnDocument(actor, action, document)).map(({ id }) => id);
    expect(await rowsWhere(actor, action)).toEqual(allowed.sort());
  });

  it('is a plain true for an actor the policy grants every document, and false for one it grants none', () => {
    const unused = () => {
      throw new Error('nothing to bind');
    };
    expect(documentAccessSql({ role: 'admin', userId: ME }, 'delete', { alias: 'd', bind: unused })).toBe('true');
    expect(documentAccessSql({ role: 'readonly', userId: ME }, 'delete', { alias: 'd', bind: unused })).toBe('false');
  });

  it('binds every value rather than writing it into the statement', () => {
    const parameters: unknown[] = [];
    const condition = documentAccessSql({ role: 'user', userId: "x' or true --" }, 'read', {
      alias: 'd',
      bind: (value) => {
        parameters.push(value);
        return `$${parameters.length}`;
      },
    });
    expect(condition).not.toContain("x'");
    expect(parameters).toContain("x' or true --");
  });
});
