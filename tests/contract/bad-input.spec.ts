import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MikroORM } from '@mikro-orm/sql';
import type { Response } from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { DocumentProcessor } from '../../backend/src/documents/processing/document-processor.service.js';
import { ModelHealthChecks } from '../../backend/src/models/health/model-health-checks.service.js';
import { ModelInvocationRecorder } from '../../backend/src/models/routing/invocation-recorder.js';
import { SearchRecorder } from '../../backend/src/search/commands/search-recorder.js';
import { parseEventStream } from '../../backend/src/testing/event-stream.js';
import { STARTUP_TIMEOUT_MS, newAccount, startTestApp, type TestApp } from '../../backend/src/testing/test-app.js';
import { processingDone, uploadAs } from './documents-support.js';
import { callAs, logIn, signUp, type SignedIn } from './support.js';

// Every route of the API, with a valid request as its baseline and the fields it reads,
// against every kind of bad value a client can send: each must be refused with a 4xx in
// the API's error shape, and store nothing. A new route is covered by adding its row.

// ----- What a row says about its route ------------------------------------------------------

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Field {
  /** Where the value goes in the body or the query: `options.limit`, `messages.0.content`. */
  path: string;
  type: 'text' | 'number' | 'flag' | 'list' | 'object' | 'free' | 'date';
  nullable?: boolean;
  /** Any length or size is valid here (a prompt, a score), so an overlong or huge value is no mistake. */
  unbounded?: boolean;
  /** A whole number, so a fraction is a mistake. */
  whole?: boolean;
  /** Negative numbers are valid here. */
  signed?: boolean;
}

interface Row {
  /** As the OpenAPI document names it: `PUT /api/models/{id}`. */
  route: `${Method} ${string}`;
  /**
   * Who sends it: a signed-in administrator, anyone, or the administrator in a session
   * of the row's own (signing out), so that a wrongly accepted request ends only that one,
   * or another account (changing its password ends the other sessions of that account alone).
   */
  as: 'admin' | 'public' | 'own session' | 'member';
  /** The path, with a fixture's id or, to try bad ones, the given id. */
  path: (id?: string) => string;
  /** The kind of id in the path, if any, whose bad values are tried. */
  param?: 'uuid' | 'name';
  /** A valid JSON body; fresh on each call, for routes that take one. */
  body?: () => Record<string, unknown>;
  /** A valid query string, for routes that read one. */
  query?: Record<string, string>;
  /** The fields of the body, or of the query for a route without a body. */
  fields?: Field[];
  /** The route refuses fields it does not know. */
  strict?: boolean;
  /**
   * Every field is optional, so an empty JSON body (`{}`) is valid; with 'or no body',
   * so is a request without any body.
   */
  fieldsOptional?: 'empty body' | 'or no body';
  /** The valid request, when it is not the JSON body or query above (a multipart upload). */
  baseline?: () => Promise<Response>;
  /** The baseline's status when it is not 200. */
  status?: number;
  /** The resource the route changes, read back: refusals must leave it as it was. */
  resource?: () => Promise<unknown>;
  /**
   * Rate limited before the body is read, and per address when the body has no usable
   * email: once those attempts add up, 429 is the refusal.
   */
  rateLimited?: boolean;
  /** Errors in OpenAI's shape (the gateway) rather than `{ success: false, error }`. */
  openAiErrors?: boolean;
}

// ----- The kinds of bad value ---------------------------------------------------------------

interface BadValue {
  kind: string;
  value: unknown;
}

/** Stands for a value nested 20,000 deep, written into the JSON text by hand (JSON.stringify would overflow). */
const DEEP = '__nested_20000_deep__';
const DEEP_JSON = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
const OVERLONG = 'x'.repeat(100_000);

function badBodyValues(field: Field): BadValue[] {
  const unlessNullable: BadValue[] = field.nullable ? [] : [{ kind: 'null', value: null }];
  switch (field.type) {
    case 'text':
      return [
        { kind: 'a NUL byte', value: NUL },
        { kind: 'a lone surrogate', value: LONE_SURROGATE },
        { kind: 'a number', value: 42 },
        { kind: 'an array', value: ['x'] },
        { kind: 'an object', value: { x: 'y' } },
        { kind: 'a boolean', value: true },
        ...unlessNullable,
        ...(field.unbounded ? [] : [{ kind: 'an overlong string', value: OVERLONG }]),
      ];
    case 'number':
      return [
        { kind: 'a string', value: '1' },
        { kind: 'an array', value: [1] },
        { kind: 'an object', value: { x: 1 } },
        { kind: 'a boolean', value: true },
        ...unlessNullable,
        ...(field.unbounded ? [] : [{ kind: 'a huge number', value: 1e308 }]),
        ...(field.signed ? [] : [{ kind: 'a negative number', value: -1 }]),
        ...(field.whole ? [{ kind: 'a fraction', value: 2.5 }] : []),
      ];
    case 'flag':
      return [
        { kind: 'a string', value: 'true' },
        { kind: 'a number', value: 1 },
        { kind: 'an array', value: [true] },
        ...unlessNullable,
      ];
    case 'list':
      return [
        { kind: 'a string', value: 'x' },
        { kind: 'an object', value: { x: 'y' } },
        { kind: 'a NUL byte in an item', value: [NUL] },
        { kind: 'a lone surrogate in an item', value: [LONE_SURROGATE] },
        { kind: 'an overlong item', value: [OVERLONG] },
        ...unlessNullable,
      ];
    case 'object':
      return [
        { kind: 'a string', value: 'x' },
        { kind: 'an array', value: [] },
        { kind: 'a number', value: 1 },
        { kind: 'nesting 20,000 deep', value: DEEP },
        { kind: 'a NUL byte in a field name', value: { [NUL]: 1 } },
        ...unlessNullable,
      ];
    case 'free':
      return [
        { kind: 'a NUL byte', value: NUL },
        { kind: 'a lone surrogate', value: LONE_SURROGATE },
        { kind: 'a NUL byte in a nested field name', value: { [NUL]: 1 } },
        { kind: 'a lone surrogate in a nested field name', value: { [LONE_SURROGATE]: 1 } },
        { kind: 'a NUL byte deep inside', value: { a: [{ b: NUL }] } },
        { kind: 'nesting 20,000 deep', value: DEEP },
        { kind: 'an overlong string', value: OVERLONG },
      ];
    case 'date':
      throw new Error('Dates come in query strings');
  }
}

/** Query values are text; a list of values means the parameter repeated. */
function badQueryValues(field: Field): BadValue[] {
  const shared = [
    { kind: 'a NUL byte', value: NUL },
    { kind: 'the parameter repeated', value: ['1', '2'] },
  ];
  switch (field.type) {
    case 'text':
      return [...shared, { kind: 'an overlong string', value: 'x'.repeat(5_000) }];
    case 'number':
      return [
        ...shared,
        { kind: 'not a number', value: 'abc' },
        { kind: 'a negative number', value: '-5' },
        { kind: 'a huge number', value: '1e308' },
        ...(field.whole ? [{ kind: 'a fraction', value: '2.5' }] : []),
      ];
    case 'flag':
      return [...shared, { kind: 'neither true nor false', value: 'maybe' }];
    case 'list':
      return [
        { kind: 'a NUL byte', value: NUL },
        { kind: 'an unknown value', value: 'bogus' },
      ];
    case 'date':
      return [
        { kind: 'a NUL byte', value: NUL },
        { kind: 'the last day JavaScript can represent', value: '+275760-09-13' },
        { kind: 'year 300000', value: '300000-01-01' },
        { kind: 'year 0', value: '0000-01-01' },
        { kind: 'a day that does not exist', value: '2024-02-30' },
        { kind: 'a month that does not exist', value: '2024-13-01' },
        { kind: 'not a date', value: 'yesterday' },
      ];
    default:
      throw new Error(`No ${field.type} fields in query strings`);
  }
}

const BAD_PARAMS: BadValue[] = [
  { kind: 'a NUL byte', value: '%00' },
  { kind: 'an overlong id', value: 'x'.repeat(5_000) },
];

/** A request whose body as a whole is wrong, and the status that fits it. */
interface BadBody {
  kind: string;
  /** None: no body at all. */
  contentType?: string;
  text: string;
  status: number;
  headers?: Record<string, string>;
}

const BAD_BODIES_FOR_EVERY_ROUTE: BadBody[] = [
  { kind: 'malformed JSON', contentType: 'application/json', text: '{"name": "x",', status: 400 },
  { kind: 'a body that is not JSON', contentType: 'text/plain', text: 'name=x', status: 415 },
  { kind: 'an XML body', contentType: 'application/xml', text: '<name>x</name>', status: 415 },
  {
    kind: 'a body over the size limit',
    contentType: 'application/json',
    text: JSON.stringify({ padding: 'x'.repeat(1_100_000) }),
    status: 413,
  },
  {
    kind: 'a gzip body that is not gzip',
    contentType: 'application/json',
    text: '{"name": "x"}',
    headers: { 'Content-Encoding': 'gzip' },
    status: 400,
  },
];

function badBodies(row: Row): BadBody[] {
  if (!row.body) return BAD_BODIES_FOR_EVERY_ROUTE;
  const json = (kind: string, text: string): BadBody => ({ kind, contentType: 'application/json', text, status: 400 });
  return [
    ...BAD_BODIES_FOR_EVERY_ROUTE,
    json('a JSON array', '[]'),
    json('a JSON array of the valid body', JSON.stringify([row.body()])),
    json('nesting 20,000 deep', DEEP_JSON),
    ...(row.fieldsOptional === 'or no body' ? [] : [{ kind: 'no body at all', text: '', status: 400 }]),
    ...(row.fieldsOptional ? [] : [json('an empty JSON body', '')]),
    ...(row.strict ? [json('an unknown field', JSON.stringify({ ...row.body(), unknownField: true }))] : []),
  ];
}

// ----- Sending, and what a refusal must look like -------------------------------------------

function withValue(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let target = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) {
    target[key] ??= {};
    target = target[key] as Record<string, unknown>;
  }
  target[keys.at(-1)!] = value;
  return copy;
}

function jsonText(body: Record<string, unknown>): string {
  return JSON.stringify(body).replace(`"${DEEP}"`, DEEP_JSON);
}

function queryText(query: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of [value].flat()) params.append(name, item);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

let t: TestApp;
let admin: SignedIn;

function request(row: Row, path: string) {
  const [method] = row.route.split(' ') as [Method];
  const verb = method.toLowerCase() as Lowercase<Method>;
  if (row.as === 'public') return t.http()[verb](path);
  const token =
    row.as === 'admin'
      ? admin.accessToken
      : row.as === 'member'
        ? fixtures.memberSession.accessToken
        : fixtures.ownSession.accessToken;
  return callAs(t, token)[verb](path);
}

function sendJson(row: Row, path: string, text: string, contentType = 'application/json') {
  return request(row, path).set('Content-Type', contentType).send(text);
}

/** The response, or why it is not a refusal with this status in the route's error shape. */
function refusalProblem(row: Row, response: Response, status: number): string | null {
  const body = response.body as { success?: unknown; error?: unknown };
  const error = row.openAiErrors ? (body.error as { message?: unknown } | undefined)?.message : body.error;
  const shaped =
    typeof error === 'string' &&
    error.trim() !== '' &&
    (row.openAiErrors ? typeof (body.error as { type?: unknown }).type === 'string' : body.success === false);
  const refusedAsExpected = response.status === status || (row.rateLimited && response.status === 429);
  if (refusedAsExpected && shaped) return null;
  return `answered ${response.status} ${response.text.slice(0, 200)}`;
}

/** The position of the last event stored. */
async function storedEvents(): Promise<number> {
  const [row] = await t.app
    .get(MikroORM)
    .em.fork()
    .execute<{ last: number }[]>('select coalesce(max(position), 0)::int as last from events');
  return row!.last;
}

/** The types of the events stored after a position. */
async function eventsAfter(position: number): Promise<string[]> {
  const rows = await t.app
    .get(MikroORM)
    .em.fork()
    .execute<{ type: string }[]>('select type from events where position > ? order by position', [position]);
  return rows.map((row) => row.type);
}

/** Work a baseline request may leave running in the background, which would append events later. */
async function backgroundWorkDone(): Promise<void> {
  await t.app.get(DocumentProcessor).whenIdle();
  await t.app.get(ModelInvocationRecorder).flush();
  await t.app.get(SearchRecorder).recorded();
}

// ----- The fixtures the rows act on ---------------------------------------------------------

/** An OpenAI-compatible endpoint that lists one model, for 'Add Provider'. */
const endpoint: Server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ object: 'list', data: [{ id: 'lab-model', object: 'model' }] }));
});
const endpointUrl = () => `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/v1`;

const fixtures = {
  member: '',
  memberToHold: '',
  memberToDelete: '',
  inviteToken: '',
  memberSession: null as unknown as SignedIn,
  sessionToRevoke: '',
  backup: null as unknown as Record<string, unknown>,
  apiKey: '',
  ownSession: null as unknown as SignedIn,
  refreshToken: '',
  document: '',
  documentToDelete: '',
  failedDocument: '',
  chatSession: '',
  chatSessionToDelete: '',
  provider: '',
};
const LOCAL_MODEL = 'local:extractive';
let providersAdded = 0;

async function askOnce(message: string): Promise<string> {
  const answer = await callAs(t, admin.accessToken)
    .post('/api/chat')
    .send({ message, searchOptions: { type: 'keyword' } })
    .expect(200);
  return (parseEventStream(answer.text)[0]!.data as { session: { id: string } }).session.id;
}

const read = async (path: string) => (await callAs(t, admin.accessToken).get(path)).body as unknown;
/** The accounts as User Management lists them, without their activity, which an async projection may still be catching up on. */
const accounts = async () =>
  ((await read('/api/users?pageSize=100')) as { users: { id: string; role: string; status: string }[] }).users.map(
    ({ id, role, status }) => ({ id, role, status }),
  );

// ----- The table ----------------------------------------------------------------------------

const text = (path: string, options: Omit<Field, 'path' | 'type'> = {}): Field => ({ path, type: 'text', ...options });
const number = (path: string, options: Omit<Field, 'path' | 'type'> = {}): Field => ({
  path,
  type: 'number',
  ...options,
});
const flag = (path: string): Field => ({ path, type: 'flag' });
const list = (path: string): Field => ({ path, type: 'list' });
const object = (path: string): Field => ({ path, type: 'object' });

const documentsPath = (suffix: string, fixture: keyof typeof fixtures) => (id?: string) =>
  `/api/documents/${id ?? fixtures[fixture]}${suffix}`;
const modelPath =
  (suffix = '') =>
  (id?: string) =>
    `/api/models/${id ?? encodeURIComponent(LOCAL_MODEL)}${suffix}`;

const ROWS: Row[] = [
  // Authentication and accounts
  {
    route: 'POST /api/auth/register',
    as: 'public',
    path: () => '/api/auth/register',
    body: () => newAccount(),
    fields: [text('name'), text('email'), text('password'), text('confirmPassword')],
    status: 201,
    rateLimited: true,
  },
  {
    route: 'POST /api/auth/login',
    as: 'public',
    path: () => '/api/auth/login',
    body: () => ({ email: admin.account.email, password: admin.account.password, rememberMe: false }),
    fields: [text('email'), text('password'), flag('rememberMe')],
  },
  { route: 'GET /api/auth/demo', as: 'public', path: () => '/api/auth/demo' },
  { route: 'POST /api/auth/demo-login', as: 'public', path: () => '/api/auth/demo-login' },
  {
    route: 'POST /api/auth/refresh',
    as: 'public',
    path: () => '/api/auth/refresh',
    body: () => ({ refreshToken: fixtures.refreshToken }),
    fields: [text('refreshToken')],
  },
  {
    route: 'POST /api/auth/logout',
    as: 'own session',
    path: () => '/api/auth/logout',
    body: () => ({ sessionId: fixtures.ownSession.sessionId, logoutAll: false }),
    fields: [text('sessionId'), flag('logoutAll')],
    fieldsOptional: 'or no body',
  },
  { route: 'GET /api/auth/profile', as: 'admin', path: () => '/api/auth/profile' },
  {
    route: 'PUT /api/auth/profile',
    as: 'admin',
    path: () => '/api/auth/profile',
    body: () => ({ name: 'Ada Admin', avatar: 'https://example.com/ada.png' }),
    fieldsOptional: 'empty body',
    fields: [text('name'), text('email'), text('avatar', { nullable: true })],
    resource: () => read('/api/auth/profile'),
  },
  { route: 'GET /api/api-keys', as: 'admin', path: () => '/api/api-keys' },
  {
    route: 'POST /api/api-keys',
    as: 'admin',
    path: () => '/api/api-keys',
    body: () => ({ name: 'CI pipeline' }),
    fields: [text('name')],
    status: 201,
    resource: () => read('/api/api-keys'),
  },
  {
    route: 'DELETE /api/api-keys/{id}',
    as: 'admin',
    path: (id) => `/api/api-keys/${id ?? fixtures.apiKey}`,
    param: 'uuid',
    resource: () => read('/api/api-keys'),
  },
  {
    route: 'PUT /api/users/{id}/role',
    as: 'admin',
    path: (id) => `/api/users/${id ?? fixtures.member}/role`,
    param: 'uuid',
    body: () => ({ role: 'analyst' }),
    fields: [text('role')],
  },
  {
    route: 'GET /api/users',
    as: 'admin',
    path: () => '/api/users',
    query: { search: 'Test', status: 'active', page: '1', pageSize: '20' },
    fields: [text('search'), text('status'), number('page', { whole: true }), number('pageSize', { whole: true })],
  },
  {
    route: 'POST /api/users',
    as: 'admin',
    path: () => '/api/users',
    body: () => {
      const account = newAccount();
      return { name: account.name, email: account.email, role: 'analyst', password: account.password };
    },
    fields: [text('name'), text('email'), text('role'), text('password')],
    status: 201,
    resource: accounts,
  },
  {
    route: 'POST /api/users/invites',
    as: 'admin',
    path: () => '/api/users/invites',
    body: () => ({ email: newAccount().email, role: 'user' }),
    fields: [text('email'), text('role')],
    status: 201,
  },
  {
    route: 'POST /api/users/{id}/{action}',
    as: 'admin',
    path: (id) => `/api/users/${id ?? fixtures.memberToHold}/suspend`,
    param: 'uuid',
    resource: accounts,
  },
  {
    route: 'DELETE /api/users/{id}',
    as: 'admin',
    path: (id) => `/api/users/${id ?? fixtures.memberToDelete}`,
    param: 'uuid',
    resource: accounts,
  },
  {
    route: 'POST /api/auth/invites/accept',
    as: 'public',
    path: () => '/api/auth/invites/accept',
    body: () => ({
      token: fixtures.inviteToken,
      name: 'Invited Person',
      password: 'Correct-Horse-9',
      confirmPassword: 'Correct-Horse-9',
    }),
    fields: [text('token'), text('name'), text('password'), text('confirmPassword')],
    status: 201,
    rateLimited: true,
  },

  // Documents
  {
    route: 'POST /api/documents/upload',
    as: 'admin',
    path: () => '/api/documents/upload',
    baseline: () =>
      callAs(t, admin.accessToken)
        .post('/api/documents/upload')
        .field('accessLevel', 'shared')
        .attach('document', Buffer.from('Uploaded notes.'), { filename: 'uploaded.txt' }),
    status: 201,
  },
  {
    route: 'GET /api/documents',
    as: 'admin',
    path: () => '/api/documents',
    query: { search: 'notes', dateFrom: '2000-01-01', dateTo: '2999-12-31', page: '1', pageSize: '20' },
    fields: [
      text('search'),
      { path: 'status', type: 'list' },
      { path: 'fileTypes', type: 'list' },
      { path: 'dateFrom', type: 'date' },
      { path: 'dateTo', type: 'date' },
      number('sizeMin', { whole: true }),
      number('sizeMax', { whole: true }),
      flag('hasVectors'),
      text('uploadedBy'),
      number('page', { whole: true }),
      number('pageSize', { whole: true }),
      text('sort'),
      text('order'),
    ],
  },
  { route: 'GET /api/documents/stats', as: 'admin', path: () => '/api/documents/stats' },
  { route: 'GET /api/documents/{id}', as: 'admin', path: documentsPath('', 'document'), param: 'uuid' },
  {
    route: 'DELETE /api/documents/{id}',
    as: 'admin',
    path: documentsPath('', 'documentToDelete'),
    param: 'uuid',
    resource: () => read('/api/documents'),
  },
  {
    route: 'POST /api/documents/{id}/reprocess',
    as: 'admin',
    path: documentsPath('/reprocess', 'failedDocument'),
    param: 'uuid',
    status: 202,
  },
  {
    route: 'GET /api/documents/{id}/metadata',
    as: 'admin',
    path: documentsPath('/metadata', 'document'),
    param: 'uuid',
  },
  {
    route: 'PUT /api/documents/{id}/metadata',
    as: 'admin',
    path: documentsPath('/metadata', 'document'),
    param: 'uuid',
    body: () => ({ category: 'Notes', tags: ['kept'], accessLevel: 'shared', reviewed: { by: 'Ada' } }),
    fieldsOptional: 'empty body',
    fields: [
      text('category', { nullable: true }),
      list('tags'),
      text('accessLevel'),
      { path: 'reviewed', type: 'free' },
      { path: 'reviewed.by', type: 'free' },
    ],
    resource: () => read(`/api/documents/${fixtures.document}/metadata`),
  },
  {
    route: 'GET /api/documents/{id}/download',
    as: 'admin',
    path: documentsPath('/download', 'document'),
    param: 'uuid',
  },
  {
    route: 'GET /api/documents/{id}/preview',
    as: 'admin',
    path: documentsPath('/preview', 'document'),
    param: 'uuid',
    query: { page: '1', pageSize: '1000' },
    fields: [number('page', { whole: true }), number('pageSize', { whole: true })],
  },

  // Search and chat
  {
    route: 'POST /api/search/rag',
    as: 'admin',
    path: () => '/api/search/rag',
    body: () => ({ query: 'notes', options: { type: 'keyword', limit: 5 } }),
    fields: [
      text('query'),
      object('options'),
      text('options.type'),
      number('options.limit', { whole: true }),
      list('options.documentIds'),
      list('options.fileTypes'),
      list('options.tags'),
      number('options.minScore', { signed: true, unbounded: true }),
    ],
    resource: () => read('/api/search/history'),
  },
  { route: 'GET /api/search/stats', as: 'admin', path: () => '/api/search/stats' },
  { route: 'GET /api/search/history', as: 'admin', path: () => '/api/search/history' },
  { route: 'DELETE /api/search/history', as: 'admin', path: () => '/api/search/history' },
  {
    route: 'POST /api/chat',
    as: 'admin',
    path: () => '/api/chat',
    body: () => ({ message: 'What do the notes say?', searchOptions: { type: 'keyword' } }),
    fields: [
      text('message'),
      text('sessionId'),
      object('searchOptions'),
      text('searchOptions.type'),
      number('searchOptions.limit', { whole: true }),
      list('searchOptions.tags'),
      text('model'),
      text('preference'),
    ],
    resource: () => read('/api/chat/sessions'),
  },
  { route: 'GET /api/chat/sessions', as: 'admin', path: () => '/api/chat/sessions' },
  {
    route: 'GET /api/chat/sessions/{id}',
    as: 'admin',
    path: (id) => `/api/chat/sessions/${id ?? fixtures.chatSession}`,
    param: 'uuid',
  },
  {
    route: 'PATCH /api/chat/sessions/{id}',
    as: 'admin',
    path: (id) => `/api/chat/sessions/${id ?? fixtures.chatSession}`,
    param: 'uuid',
    body: () => ({ title: 'Notes' }),
    fields: [text('title')],
    resource: () => read(`/api/chat/sessions/${fixtures.chatSession}`),
  },
  {
    route: 'DELETE /api/chat/sessions/{id}',
    as: 'admin',
    path: (id) => `/api/chat/sessions/${id ?? fixtures.chatSessionToDelete}`,
    param: 'uuid',
  },
  { route: 'GET /api/intelligence/stats', as: 'admin', path: () => '/api/intelligence/stats' },

  // Models
  { route: 'GET /api/models', as: 'admin', path: () => '/api/models' },
  { route: 'GET /api/models/stats', as: 'admin', path: () => '/api/models/stats' },
  { route: 'GET /api/models/routing', as: 'admin', path: () => '/api/models/routing' },
  {
    route: 'PUT /api/models/routing',
    as: 'admin',
    path: () => '/api/models/routing',
    body: () => ({ autoRouting: true }),
    fieldsOptional: 'empty body',
    fields: [
      text('primaryModelId', { nullable: true }),
      text('fallbackModelId', { nullable: true }),
      text('costOptimizedModelId', { nullable: true }),
      flag('autoRouting'),
    ],
    resource: () => read('/api/models/routing'),
  },
  { route: 'GET /api/models/providers', as: 'admin', path: () => '/api/models/providers' },
  {
    route: 'POST /api/models/providers',
    as: 'admin',
    path: () => '/api/models/providers',
    body: () => ({
      name: `Added Lab ${(providersAdded += 1)}`,
      baseURL: endpointUrl(),
      apiKey: 'sk-lab-key-0123456789',
    }),
    fields: [text('name'), text('baseURL'), text('apiKey')],
    status: 201,
    resource: () => read('/api/models/providers'),
  },
  {
    route: 'POST /api/models/providers/{id}/refresh',
    as: 'admin',
    path: (id) => `/api/models/providers/${id ?? fixtures.provider}/refresh`,
    param: 'name',
    resource: () => read('/api/models/providers'),
  },
  {
    route: 'DELETE /api/models/providers/{id}',
    as: 'admin',
    path: (id) => `/api/models/providers/${id ?? fixtures.provider}`,
    param: 'name',
    resource: () => read('/api/models/providers'),
  },
  {
    route: 'PUT /api/models/{id}',
    as: 'admin',
    path: modelPath(),
    param: 'name',
    body: () => ({ configuration: { temperature: 0.5 } }),
    fieldsOptional: 'empty body',
    fields: [
      text('status'),
      text('endpoint'),
      text('apiKey'),
      object('configuration'),
      number('configuration.temperature'),
      number('configuration.maxTokens', { whole: true }),
      number('configuration.frequencyPenalty', { signed: true }),
      object('limits'),
      number('limits.dailyRequests', { whole: true, nullable: true }),
      number('limits.monthlyBudget', { nullable: true, unbounded: true }),
      number('limits.maxConcurrent', { whole: true, nullable: true }),
    ],
    resource: () => read('/api/models'),
  },
  { route: 'POST /api/models/{id}/test', as: 'admin', path: modelPath('/test'), param: 'name' },

  // Preferences
  { route: 'GET /api/user/preferences', as: 'admin', path: () => '/api/user/preferences' },
  {
    route: 'PUT /api/user/preferences',
    as: 'admin',
    path: () => '/api/user/preferences',
    body: () => ({ theme: 'dark', resultsPerPage: 30 }),
    fields: [
      text('theme'),
      text('language'),
      flag('notifications'),
      flag('autoSave'),
      text('defaultSearchType'),
      number('resultsPerPage', { whole: true }),
    ],
    strict: true,
    fieldsOptional: 'or no body',
    resource: () => read('/api/user/preferences'),
  },

  // Settings
  {
    route: 'POST /api/auth/password',
    as: 'member',
    path: () => '/api/auth/password',
    body: () => ({
      currentPassword: fixtures.memberSession.account.password,
      newPassword: 'N3w-passw0rd!',
      confirmPassword: 'N3w-passw0rd!',
    }),
    fields: [text('currentPassword'), text('newPassword'), text('confirmPassword')],
  },
  { route: 'GET /api/auth/sessions', as: 'admin', path: () => '/api/auth/sessions' },
  {
    route: 'DELETE /api/auth/sessions/{id}',
    as: 'admin',
    path: (id) => `/api/auth/sessions/${id ?? fixtures.sessionToRevoke}`,
    param: 'uuid',
  },
  { route: 'GET /api/user/backup', as: 'admin', path: () => '/api/user/backup' },
  {
    route: 'POST /api/user/backup/import',
    as: 'admin',
    path: () => '/api/user/backup/import',
    body: () => structuredClone(fixtures.backup),
    fields: [
      object('userPreferences'),
      object('documentMetadata'),
      list('searchHistory'),
      list('chatHistory'),
      list('bookmarks'),
    ],
    resource: () => read('/api/user/preferences'),
  },
  { route: 'GET /api/user/performance', as: 'admin', path: () => '/api/user/performance' },

  // The OpenAI-compatible gateway
  { route: 'GET /v1/models', as: 'admin', path: () => '/v1/models', openAiErrors: true },
  {
    route: 'POST /v1/chat/completions',
    as: 'admin',
    path: () => '/v1/chat/completions',
    body: () => ({ model: LOCAL_MODEL, messages: [{ role: 'user', content: 'Hello' }], temperature: 0.5 }),
    fields: [
      text('model'),
      list('messages'),
      text('messages.0.role'),
      text('messages.0.content', { unbounded: true }),
      { path: 'stream', type: 'flag', nullable: true },
      number('temperature', { nullable: true }),
      number('max_tokens', { whole: true, nullable: true }),
      number('frequency_penalty', { signed: true, nullable: true }),
    ],
    openAiErrors: true,
  },

  // MCP tools
  { route: 'GET /api/tools/list', as: 'admin', path: () => '/api/tools/list' },
  {
    route: 'POST /api/tools/execute',
    as: 'admin',
    path: () => '/api/tools/execute',
    body: () => ({ tool: 'calculate', parameters: { operation: 'add', a: 1, b: 2 } }),
    fields: [
      text('tool'),
      object('parameters'),
      text('parameters.operation'),
      number('parameters.a', { signed: true, unbounded: true }),
      number('parameters.b', { signed: true, unbounded: true }),
    ],
  },
  {
    route: 'POST /demo/calculate',
    as: 'admin',
    path: () => '/demo/calculate',
    body: () => ({ operation: 'multiply', a: 6, b: 7 }),
    fields: [
      text('operation'),
      number('a', { signed: true, unbounded: true }),
      number('b', { signed: true, unbounded: true }),
    ],
  },
  {
    route: 'POST /demo/search',
    as: 'admin',
    path: () => '/demo/search',
    body: () => ({ query: 'notes' }),
    fields: [text('query')],
    // This app has no embedding model, so the RAG engine is degraded and the search tool not
    // ready: the valid request is refused with 503, after every bad one was refused with 400.
    status: 503,
  },
  {
    route: 'POST /demo/route',
    as: 'admin',
    path: () => '/demo/route',
    body: () => ({ query: 'Which model would answer this?' }),
    fields: [text('query')],
  },

  // Metrics
  { route: 'GET /api/metrics/dashboard', as: 'admin', path: () => '/api/metrics/dashboard' },
  {
    route: 'GET /api/metrics/analytics',
    as: 'admin',
    path: () => '/api/metrics/analytics',
    query: { period: '30d' },
    fields: [text('period')],
  },
  {
    route: 'GET /api/metrics/analytics/export',
    as: 'admin',
    path: () => '/api/metrics/analytics/export',
    query: { period: '24h', format: 'csv' },
    fields: [text('period'), text('format')],
  },

  // The system
  // Admin: system services, status and the audit log
  { route: 'GET /api/admin/services', as: 'admin', path: () => '/api/admin/services' },
  {
    route: 'POST /api/admin/services/{name}/restart',
    as: 'admin',
    path: (name) => `/api/admin/services/${name ?? 'realtime'}/restart`,
    param: 'name',
  },
  { route: 'GET /api/admin/status', as: 'admin', path: () => '/api/admin/status' },
  { route: 'GET /api/admin/backup', as: 'admin', path: () => '/api/admin/backup' },
  {
    route: 'GET /api/admin/audit',
    as: 'admin',
    path: () => '/api/admin/audit',
    query: { action: 'UserRegistered', from: '2026-01-01', to: '2099-12-31', page: '1', pageSize: '20' },
    fields: [
      text('actorId'),
      text('action'),
      { path: 'from', type: 'date' },
      { path: 'to', type: 'date' },
      number('page', { whole: true }),
      number('pageSize', { whole: true }),
    ],
  },
  {
    route: 'GET /api/admin/audit/export',
    as: 'admin',
    path: () => '/api/admin/audit/export',
    query: { format: 'json', action: 'UserRegistered', from: '2026-01-01', to: '2099-12-31' },
    fields: [
      text('format'),
      text('actorId'),
      text('action'),
      { path: 'from', type: 'date' },
      { path: 'to', type: 'date' },
    ],
  },
  { route: 'GET /health', as: 'public', path: () => '/health' },
  { route: 'GET /status', as: 'public', path: () => '/status' },
  // This suite's server has no scrape token, so /metrics is off (tests/contract/metrics.spec.ts scrapes it).
  { route: 'GET /metrics', as: 'public', path: () => '/metrics', status: 404 },
];

// ----- The suite ----------------------------------------------------------------------------

beforeAll(async () => {
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  t = await startTestApp();
  await t.app.get(ModelHealthChecks).startupTestsDone();
  admin = await signUp(t);
  const as = callAs(t, admin.accessToken);
  fixtures.memberSession = await signUp(t);
  fixtures.member = fixtures.memberSession.user.id;
  fixtures.memberToHold = (await signUp(t)).user.id;
  fixtures.memberToDelete = (await signUp(t)).user.id;
  const invite = { email: newAccount().email, role: 'analyst' };
  fixtures.inviteToken = (await as.post('/api/users/invites').send(invite).expect(201)).body.invite.token;
  fixtures.sessionToRevoke = (await logIn(t, admin.account)).sessionId;
  fixtures.apiKey = (await as.post('/api/api-keys').send({ name: 'To delete' }).expect(201)).body.apiKey.id;
  fixtures.ownSession = await logIn(t, admin.account);
  fixtures.refreshToken = (await logIn(t, admin.account)).refreshToken;
  const notes = 'The kept notes talk about projections and replays.';
  const { body: uploaded } = await uploadAs(t, admin.accessToken, [
    { name: 'notes.txt', content: notes },
    { name: 'gone.txt', content: `${notes} Gone.` },
    // Nothing to extract: its processing fails, so it can be reprocessed.
    { name: 'empty.txt', content: '' },
  ]).expect(201);
  [fixtures.document, fixtures.documentToDelete, fixtures.failedDocument] = uploaded.documents.map(
    (document: { id: string }) => document.id,
  );
  await processingDone(t);
  await as.put(`/api/documents/${fixtures.document}/metadata`).send({ category: 'Notes' }).expect(200);
  fixtures.chatSession = await askOnce('What do the kept notes talk about?');
  fixtures.chatSessionToDelete = await askOnce('And the replays?');
  const provider = { name: 'Removable Lab', baseURL: endpointUrl() };
  fixtures.provider = (await as.post('/api/models/providers').send(provider).expect(201)).body.provider.id;
  fixtures.backup = (await as.get('/api/user/backup').expect(200)).body.backup;
  await backgroundWorkDone();
}, STARTUP_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => endpoint.close(() => resolve()));
});

describe('every route refuses every bad value with a 4xx in its error shape, and stores nothing', () => {
  // A request wrongly accepted, or a baseline, may leave work running that stores events later.
  afterEach(backgroundWorkDone);

  it.each(ROWS)('$route', async (row) => {
    const problems: string[] = [];
    const resourceBefore = await row.resource?.();
    const refuse = async (label: string, send: () => Promise<Response>, status = 400) => {
      const eventsBefore = await storedEvents();
      const response = await send();
      const problem = refusalProblem(row, response, status);
      if (problem) problems.push(`${label}: expected ${status}, ${problem}`);
      else if ((await storedEvents()) !== eventsBefore)
        problems.push(`${label}: was refused but stored ${(await eventsAfter(eventsBefore)).join(', ')}`);
    };
    const path = row.path();
    const withQuery = (query: Record<string, string | string[]>) => `${path}${queryText(query)}`;

    for (const bad of badBodies(row)) {
      const send = () => {
        const sent = request(row, withQuery(row.query ?? {}));
        return bad.contentType ? sent.set({ 'Content-Type': bad.contentType, ...bad.headers }).send(bad.text) : sent;
      };
      await refuse(`body: ${bad.kind}`, send, bad.status);
    }
    for (const field of row.fields ?? []) {
      if (row.body) {
        for (const bad of badBodyValues(field)) {
          const body = jsonText(withValue(row.body(), field.path, bad.value));
          await refuse(`${field.path}: ${bad.kind}`, () => sendJson(row, path, body));
        }
      } else {
        for (const bad of badQueryValues(field)) {
          const query = withQuery({ ...row.query, [field.path]: bad.value as string | string[] });
          await refuse(`?${field.path}: ${bad.kind}`, () => request(row, query));
        }
      }
    }
    if (row.param) {
      const params = row.param === 'uuid' ? [...BAD_PARAMS, { kind: 'not an id', value: 'not-an-id' }] : BAD_PARAMS;
      for (const bad of params) {
        const badPath = row.path(bad.value as string);
        await refuse(`path id: ${bad.kind}`, () =>
          row.body ? sendJson(row, badPath, JSON.stringify(row.body())) : request(row, badPath),
        );
      }
    }

    expect(problems).toEqual([]);
    if (row.resource) expect(await row.resource()).toEqual(resourceBefore);
    // The same request with valid values is accepted: the refusals were for the bad values alone.
    const response = await (row.baseline?.() ??
      (row.body ? sendJson(row, path, JSON.stringify(row.body())) : request(row, withQuery(row.query ?? {}))));
    expect({ route: row.route, status: response.status }).toEqual({ route: row.route, status: row.status ?? 200 });
  });
});

describe('the requests that answered 500 (issue 12, finding 4) answer 400 saying why', () => {
  const metadataPath = () => `/api/documents/${fixtures.document}/metadata`;
  it.each([
    {
      request: 'a NUL byte in the documents search',
      send: () => callAs(t, admin.accessToken).get('/api/documents?search=%00'),
      error: 'search must not contain the NUL character (\\u0000)',
    },
    {
      request: 'a NUL byte in a login email',
      send: () =>
        t
          .http()
          .post('/api/auth/login')
          .send({ email: `ada${NUL}@example.com`, password: 'x' }),
      error: 'email must not contain the NUL character (\\u0000)',
    },
    {
      request: 'a lone surrogate in a registration name',
      send: () =>
        t
          .http()
          .post('/api/auth/register')
          .send(newAccount({ name: `Ada ${LONE_SURROGATE}` })),
      error: 'name must be valid Unicode text (it has an unpaired surrogate)',
    },
    {
      request: 'a lone surrogate in a search query',
      send: () => callAs(t, admin.accessToken).post('/api/search/rag').send({ query: LONE_SURROGATE }),
      error: 'query must be valid Unicode text (it has an unpaired surrogate)',
    },
    {
      request: 'a NUL byte in a field name of document metadata',
      send: () =>
        callAs(t, admin.accessToken)
          .put(metadataPath())
          .send({ reviewed: { [NUL]: true } }),
      error: 'A field name in reviewed must not contain the NUL character (\\u0000)',
    },
    {
      request: 'document metadata nested 20,000 deep',
      send: () =>
        callAs(t, admin.accessToken)
          .put(metadataPath())
          .set('Content-Type', 'application/json')
          .send(`{"reviewed":${DEEP_JSON}}`),
      error: 'The request body is nested too deeply: at most 32 levels of objects and arrays',
    },
    {
      request: 'a date after the last year PostgreSQL stores',
      send: () => callAs(t, admin.accessToken).get('/api/documents?dateFrom=%2B275760-09-13'),
      error: 'dateFrom must be in the years 1 to 9999',
    },
    {
      request: 'year 0',
      send: () => callAs(t, admin.accessToken).get('/api/documents?dateTo=0000-01-01'),
      error: 'dateTo must be in the years 1 to 9999',
    },
    {
      request: 'a day that does not exist',
      send: () => callAs(t, admin.accessToken).get('/api/documents?dateFrom=2025-02-30'),
      error: 'dateFrom must be an ISO date or date and time',
    },
  ])('$request', async ({ send, error }) => {
    const before = await storedEvents();
    const response = await send();

    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: { success: false, error } });
    expect(await storedEvents()).toBe(before);
  });
});

describe('the multipart upload route', () => {
  it.each([
    { kind: 'a NUL byte', accessLevel: NUL },
    { kind: 'an overlong value', accessLevel: 'x'.repeat(5_000) },
    { kind: 'an unknown value', accessLevel: 'everyone' },
  ])('refuses an accessLevel field with $kind with 400 and stores nothing', async ({ accessLevel }) => {
    const before = await storedEvents();
    const response = await callAs(t, admin.accessToken)
      .post('/api/documents/upload')
      .field('accessLevel', accessLevel)
      .attach('document', Buffer.from('Uploaded notes.'), { filename: 'uploaded.txt' });
    await backgroundWorkDone();

    expect({ status: response.status, body: response.body }).toMatchObject({
      status: 400,
      body: { success: false, error: expect.stringMatching(/\S/) },
    });
    expect(await storedEvents()).toBe(before);
  });
});

describe('the table', () => {
  it('has a row for every route of the API, and no row for a route that does not exist', async () => {
    const { body } = await t.http().get('/api/docs/openapi.json').expect(200);
    const routes = Object.entries(body.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );

    expect(ROWS.map((row) => row.route).sort()).toEqual(routes.sort());
  });
});
