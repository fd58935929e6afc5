// `npm run bench:gateway`: what the OpenAI-compatible gateway adds to a model call.
// Starts a local upstream speaking OpenAI's chat completions and the compiled server,
// adds the upstream with 'Add Provider', then sends the same request straight to the
// upstream and through /v1/chat/completions at each concurrency, and prints the added
// latency (p50, p99), the gateway's requests per second against the targets, and the
// server's CPU time per call (which a busy machine hardly moves, unlike the timings).
// Misses are reported, not fatal: the exit code is non-zero only when the run breaks.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { assertServerBuilt, describeExit, getJson, percentile, registerAdmin, sleep, startServer } from './harness.mjs';

const TARGETS = { addedP50Ms: 2, addedP99Ms: 10, requestsPerSecondAt64: 1000 };
const CONCURRENCIES = [1, 16, 64];
const UPSTREAM_MODEL = 'bench-echo';
/** Long enough for the server's asynchronous work a batch of calls caused (projections, reactions) to finish. */
const SETTLE_MS = 1_500;
/** Linux counts a process's CPU time in clock ticks, 100 a second on every common kernel. */
const CLOCK_TICKS_PER_SECOND = 100;

const { values: options } = parseArgs({
  options: {
    requests: { type: 'string', default: '3000' },
    warmup: { type: 'string', default: '500' },
    keep: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (options.help) {
  console.log(`Usage: npm run bench:gateway -- [options]
  --requests N   measured requests per concurrency and path (default 3000)
  --warmup N     unmeasured requests first, per concurrency and path (default 500)
  --cpu-prof DIR write CPU profiles of the server (every thread) into DIR
  --keep         keep the working folder (server data and log)`);
  process.exit(0);
}
const requestCount = Number(options.requests);
const warmupCount = Number(options.warmup);
for (const [name, value] of [
  ['requests', requestCount],
  ['warmup', warmupCount],
]) {
  if (!Number.isInteger(value) || value < 0 || (name === 'requests' && value === 0))
    throw new Error(`--${name} must be a whole number, not "${options[name]}"`);
}

const line = (label, value) => console.log(`${`${label}:`.padEnd(34)}${value}`);
const ms = (value) => `${value.toFixed(2)} ms`;

/** The upstream: answers every completion at once with the same small body, as a fast model server would. */
function startUpstream() {
  const completionBody = JSON.stringify({
    id: 'chatcmpl-bench',
    object: 'chat.completion',
    created: 0,
    model: UPSTREAM_MODEL,
    choices: [{ index: 0, message: { role: 'assistant', content: 'Paris.' }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 12, completion_tokens: 2, total_tokens: 14 },
  });
  const modelsBody = JSON.stringify({
    object: 'list',
    data: [{ id: UPSTREAM_MODEL, object: 'model', created: 0, owned_by: 'bench' }],
  });
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const body = request.url === '/v1/models' ? modelsBody : completionBody;
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      response.end(body);
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** POSTs `body` to `url` on a keep-alive connection of `agent`; resolves with the status once the answer is read. */
function post(agent, url, body, headers) {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Sends `count` requests, `concurrency` at a time; returns each one's latency (ms) and the wall time. */
async function load({ url, body, headers, concurrency, count }) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let sent = 0;
  const failures = new Map();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < count) {
        sent += 1;
        const start = performance.now();
        const status = await post(agent, url, body, headers);
        latencies.push(performance.now() - start);
        if (status !== 200) failures.set(status, (failures.get(status) ?? 0) + 1);
      }
    }),
  );
  const wallMs = performance.now() - started;
  agent.destroy();
  if (failures.size > 0)
    throw new Error(`${url} answered ${[...failures].map(([status, n]) => `${n} × ${status}`).join(', ')}`);
  return { latencies: latencies.sort((a, b) => a - b), wallMs };
}

/**
 * The server's CPU time so far (user + system, ms) from /proc, or null where there is none.
 * Unlike latency and throughput it hardly moves when other work shares the machine, so
 * it compares two builds fairly on a busy machine.
 */
async function serverCpuMs(pid) {
  const statFile = `/proc/${pid}/stat`;
  if (!existsSync(statFile)) return null;
  const stat = await readFile(statFile, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

async function api(url, path, token, init = {}) {
  const response = await fetch(`${url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok)
    throw new Error(
      `${init.method ?? 'GET'} ${path} answered ${response.status}: ${body.error ?? JSON.stringify(body)}`,
    );
  return body;
}

assertServerBuilt();
const workDir = await mkdtemp(join(tmpdir(), 'docent-bench-gateway-'));
let server = null;
let upstream = null;
try {
  console.log(
    `Docent gateway benchmark: ${availableParallelism()} cores, Node ${process.version}, ${process.platform}/${process.arch}`,
  );
  upstream = await startUpstream();
  const upstreamUrl = `http://127.0.0.1:${upstream.address().port}/v1`;
  const nodeArgs = options['cpu-prof']
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${options['cpu-prof']}`,
        '--import',
        new URL('./exit-after-shutdown.mjs', import.meta.url).href,
      ]
    : [];
  server = await startServer({ dataDir: join(workDir, 'data'), logFile: join(workDir, 'server.log'), nodeArgs });
  server.exited.then((exit) => {
    if (server) console.error(`The server exited during the run (${describeExit(exit)}):\n${server.logTail()}`);
  });
  const token = await registerAdmin(server.url);
  const { apiKey } = await api(server.url, '/api/api-keys', token, {
    method: 'POST',
    body: JSON.stringify({ name: 'gateway benchmark' }),
  });
  await api(server.url, '/api/models/providers', token, {
    method: 'POST',
    body: JSON.stringify({ name: 'Benchmark upstream', baseURL: upstreamUrl }),
  });
  const { models } = await getJson(server.url, '/api/models', token);
  const model = models.find(
    (candidate) => candidate.endpoint === upstreamUrl && candidate.id.endsWith(`:${UPSTREAM_MODEL}`),
  );
  if (!model) throw new Error(`The upstream's model ${UPSTREAM_MODEL} is not in GET /api/models`);
  const test = await api(server.url, `/api/models/${encodeURIComponent(model.id)}/test`, token, { method: 'POST' });
  if (!test.success) throw new Error(`Testing ${model.id} failed: ${test.error}`);
  console.log(`Server: ${server.url}; upstream: ${upstreamUrl}; model ${model.id}`);
  console.log(
    `Each row: ${warmupCount} warm-up then ${requestCount} measured requests per path, non-streamed, over keep-alive connections`,
  );
  console.log('');

  const message = [{ role: 'user', content: 'What is the capital of France?' }];
  const direct = {
    url: `${upstreamUrl}/chat/completions`,
    body: JSON.stringify({ model: UPSTREAM_MODEL, messages: message }),
    headers: {},
  };
  const gateway = {
    url: `${server.url}/v1/chat/completions`,
    body: JSON.stringify({ model: model.id, messages: message }),
    headers: { authorization: `Bearer ${apiKey.key}` },
  };

  const rows = [];
  for (const concurrency of CONCURRENCIES) {
    for (const path of [direct, gateway]) await load({ ...path, concurrency, count: warmupCount });
    const straight = await load({ ...direct, concurrency, count: requestCount });
    await sleep(SETTLE_MS);
    const cpuBefore = await serverCpuMs(server.pid);
    const through = await load({ ...gateway, concurrency, count: requestCount });
    await sleep(SETTLE_MS);
    const cpuAfter = await serverCpuMs(server.pid);
    rows.push({
      concurrency,
      directP50: percentile(straight.latencies, 0.5),
      directP99: percentile(straight.latencies, 0.99),
      gatewayP50: percentile(through.latencies, 0.5),
      gatewayP99: percentile(through.latencies, 0.99),
      gatewayRps: (requestCount / through.wallMs) * 1000,
      directRps: (requestCount / straight.wallMs) * 1000,
      serverCpuMsPerCall: cpuBefore === null ? null : (cpuAfter - cpuBefore) / requestCount,
    });
  }

  console.log(
    'concurrency   direct p50   p99     gateway p50   p99     added p50   added p99   gateway req/s   direct req/s   server CPU/call',
  );
  for (const row of rows) {
    console.log(
      [
        String(row.concurrency).padStart(11),
        ms(row.directP50).padStart(12),
        ms(row.directP99).padStart(10),
        ms(row.gatewayP50).padStart(13),
        ms(row.gatewayP99).padStart(10),
        ms(row.gatewayP50 - row.directP50).padStart(11),
        ms(row.gatewayP99 - row.directP99).padStart(11),
        row.gatewayRps.toFixed(0).padStart(15),
        row.directRps.toFixed(0).padStart(14),
        (row.serverCpuMsPerCall === null ? 'n/a' : ms(row.serverCpuMsPerCall)).padStart(17),
      ].join(' '),
    );
  }
  const { stats } = await getJson(server.url, '/api/models/stats', token);
  console.log('');
  line('Server CPU/call', `the server's CPU time over the calls and the ${SETTLE_MS / 1000} s after them, per call`);
  line('Calls the server recorded', `${stats.totalRequests} (every gateway call is a ModelInvoked event)`);

  const worstAddedP50 = Math.max(...rows.map((row) => row.gatewayP50 - row.directP50));
  const worstAddedP99 = Math.max(...rows.map((row) => row.gatewayP99 - row.directP99));
  const at64 = rows.find((row) => row.concurrency === 64).gatewayRps;
  const verdict = (ok) => (ok ? 'met ' : 'MISS');
  console.log('');
  console.log(`Targets (${availableParallelism()} cores; the targets are for 2)`);
  line(
    `  added p50 ≤ ${TARGETS.addedP50Ms} ms (worst row)`,
    `${verdict(worstAddedP50 <= TARGETS.addedP50Ms)} (${ms(worstAddedP50)})`,
  );
  line(
    `  added p99 ≤ ${TARGETS.addedP99Ms} ms (worst row)`,
    `${verdict(worstAddedP99 <= TARGETS.addedP99Ms)} (${ms(worstAddedP99)})`,
  );
  line(
    `  ≥ ${TARGETS.requestsPerSecondAt64} req/s at concurrency 64`,
    `${verdict(at64 >= TARGETS.requestsPerSecondAt64)} (${at64.toFixed(0)})`,
  );
} catch (error) {
  const cause = error.cause ? ` (${error.cause.code ?? ''} ${error.cause.message})` : '';
  console.error(`\nThe benchmark run broke: ${error.message}${cause}`);
  process.exitCode = 1;
} finally {
  const stopping = server;
  server = null;
  await stopping?.stop();
  upstream?.close();
  upstream?.closeAllConnections();
  if (options.keep) console.log(`Kept ${workDir}`);
  else await rm(workDir, { recursive: true, force: true });
}
