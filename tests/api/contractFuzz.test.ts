import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import SqliteDatabase from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRows } from './databaseSnapshot';
import { breaches, fuzzRequest, live, operations, type Caller, type FuzzRequest, type Identification } from './contractFuzz';
import { identification, startOrderingServer, type Customer, type OrderingServer } from './orderingServer';

// Contract fuzzing (docs/benchmarks.md): FUZZ_RUNS requests (2,000 in npm test, 10,000 in npm run fuzz) to the real
// server, from FUZZ_SEED (fixed, so a failure is repeated by the same seed). Goals: no 5xx, nothing outside the SPEC §8
// envelope, no status the operation does not declare, and no refused call that writes.

const runs = Number(process.env.FUZZ_RUNS ?? 2000);
const seed = Number(process.env.FUZZ_SEED ?? 15);
/** New baskets and orders this often, so that handlers meet fresh ones as well as those earlier calls changed. */
const REFRESH_EVERY = 250;

let ordering: OrderingServer;
let owner: Customer;
/** The Authorization header of each caller. */
const authorization: Record<Exclude<Caller, 'anonymous'>, string> = {
  customer: '',
  staff: '',
  owner: '',
  forged: '',
  'not a token': 'Bearer not.a.token',
  'another scheme': 'Basic ZGluZXI6c2VjcmV0',
  'empty bearer': 'Bearer ',
  'huge bearer': `Bearer ${'a'.repeat(4000)}.${'b'.repeat(4000)}.${'c'.repeat(4000)}`,
};
const baskets: string[] = [];
const orderRefs: string[] = [];

async function addOrders() {
  // A fuzzed setSoldOut may have sold out the dish these orders hold until the next opening day: it is put back on sale.
  const staffToken = authorization.staff.slice('Bearer '.length);
  expect((await ordering.post('/kitchen/soldOut', { itemId: 109, soldOut: false }, staffToken)).status).toBe(200);
  // And a fuzzed setBusyMode may have paused online orders: the kitchen ends it.
  expect((await ordering.post('/kitchen/busy', { mode: 'off' }, staffToken)).status).toBe(200);
  baskets.push(await ordering.newBasket());
  const confirmed = await ordering.confirmedOrder();
  const requested = await ordering.requestedOrder({ asapFlag: true });
  baskets.push(confirmed.basketId, requested.basketId);
  orderRefs.push(confirmed.orderRef, requested.orderRef);
}

const identificationHeaders: Record<Identification, Record<string, string>> = {
  valid: identification,
  missing: { 'x-site-key': identification['x-site-key'] },
  wrong: { ...identification, 'x-application-key': 'someone-else' },
  tooLong: { ...identification, 'x-site-key': 's'.repeat(300) },
};

function filledIn(text: string, pick: number): string {
  const choose = (from: string[]) => from[pick % from.length];
  return text
    .replaceAll(live.basket, choose(baskets))
    .replaceAll(live.order, choose(orderRefs))
    .replaceAll(live.sub, owner.sub)
    .replaceAll(live.email, owner.email);
}

/** Notices any write by the server (`data_version` moves with every commit by another connection) and keeps the rows it last saw. */
/**
 * What the notification worker writes as it sends, whatever the request: a refused call may still queue nothing, but the
 * worker marking an earlier call's deliveries sent or failed is not the refused call's write.
 */
const workerColumns = { notification_deliveries: ['claimed_until', 'attempts', 'last_error', 'next_attempt_at', 'done_at', 'outcome'] };
/**
 * The recipients the worker drops when the push service says they are gone (`dropRecipient`), whatever request is then
 * being answered: a row leaving these tables is not that request's write, a row added or changed still is.
 */
const workerDroppedTables = new Set(['device_tokens', 'web_push_subscriptions']);

function changedBeyondWorkerDrops(table: string, rows: unknown[], rowsBefore: unknown[] | undefined): boolean {
  if (!workerDroppedTables.has(table)) return JSON.stringify(rows) !== JSON.stringify(rowsBefore);
  const kept = new Set((rowsBefore ?? []).map((row) => JSON.stringify(row)));
  return rows.some((row) => !kept.has(JSON.stringify(row)));
}

class DatabaseWatch {
  private readonly connection: SqliteDatabase.Database;
  private version: number;
  private rows: string;

  constructor(private readonly sqliteFile: string) {
    this.connection = new SqliteDatabase(sqliteFile, { readonly: true });
    this.version = this.dataVersion();
    this.rows = allRows(sqliteFile, workerColumns);
  }

  private dataVersion(): number {
    return this.connection.pragma('data_version', { simple: true }) as number;
  }

  /** The tables whose rows changed since last asked; a commit that changed nothing does not count. */
  changedTables(): string[] {
    const version = this.dataVersion();
    if (version === this.version) return [];
    this.version = version;
    const rows = allRows(this.sqliteFile, workerColumns);
    const before = new Map(JSON.parse(this.rows) as Array<[string, unknown[]]>);
    this.rows = rows;
    return (JSON.parse(rows) as Array<[string, unknown[]]>)
      .filter(([table, tableRows]) => changedBeyondWorkerDrops(table, tableRows, before.get(table)))
      .map(([table]) => table);
  }

  close() {
    this.connection.close();
  }
}

/**
 * Refusals that write on purpose: an authorisation PayPal refused after the server asked for it is kept in the payment's
 * state and error log (docs/payments.md), for the restaurant to see; the refusal is PayPal's, not the request's.
 */
const recordedRefusals: Record<string, string[]> = { authoriseCapture: ['payments', 'payment_error_logs'] };

const compressors = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };

interface Finding {
  request: string;
  status: number;
  breaches: string[];
}

const callsPerOperation = new Map<string, number>();
const statusesPerOperation = new Map<string, Map<number, number>>();
const findings: Finding[] = [];
let refusedWrites = 0;
let watch: DatabaseWatch;

async function send(request: FuzzRequest) {
  const { operation } = request;
  const path = filledIn(`/api${request.path}${request.query}`, request.pick);
  const body = typeof request.body === 'string' ? filledIn(request.body, request.pick) : request.body;
  const headers: Record<string, string> = { ...identificationHeaders[request.identification] };
  for (const [name, value] of Object.entries(request.headers)) headers[name] = filledIn(value, request.pick);
  if (request.caller !== 'anonymous') headers.authorization = authorization[request.caller];
  if (request.contentType !== undefined) headers['content-type'] = request.contentType;
  if (request.contentEncoding !== undefined) headers['content-encoding'] = request.contentEncoding;
  if (request.compression !== undefined && body !== undefined) headers['content-encoding'] = request.compression;
  // fetch gives a string a text/plain type: bytes go without one, as the request says.
  const sent =
    body === undefined
      ? undefined
      : request.compression !== undefined
        ? compressors[request.compression](body)
        : typeof body === 'string' && request.contentType !== undefined
          ? body
          : Buffer.from(body);
  const response = await fetch(`${ordering.server.url}${path}`, { method: request.method, headers, body: sent });
  const answer = { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };

  const found = breaches(operation, answer);
  const refused = answer.status < 200 || answer.status >= 300;
  const written = watch.changedTables().filter((table) => !(recordedRefusals[operation.operationId] ?? []).includes(table));
  if (written.length > 0 && refused) {
    refusedWrites += 1;
    found.push(`a write on a refusal (${written.join(', ')})`);
  }
  callsPerOperation.set(operation.operationId, (callsPerOperation.get(operation.operationId) ?? 0) + 1);
  const statuses = statusesPerOperation.get(operation.operationId) ?? new Map<number, number>();
  statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  statusesPerOperation.set(operation.operationId, statuses);
  if (found.length > 0) {
    const shownBody = body === undefined ? '' : ` body ${String(typeof body === 'string' ? body : Buffer.from(body).toString('latin1')).slice(0, 300)}`;
    const who = `${request.caller}, identification ${request.identification}, ${request.contentType ?? 'no content type'}, ${request.compression ?? 'not compressed'}`;
    findings.push({ request: `${request.kind}: ${request.method} ${path.slice(0, 300)} (${who})${shownBody}`, status: answer.status, breaches: found });
  }
}

function summary(seconds: number): string {
  const lines = [`Contract fuzzing: ${runs} calls from seed ${seed} in ${seconds.toFixed(1)} s (${(runs / seconds).toFixed(0)} calls/s)`];
  for (const operation of operations) {
    const statuses = [...(statusesPerOperation.get(operation.operationId) ?? new Map()).entries()].sort(([a], [b]) => a - b);
    lines.push(`  ${operation.method} ${operation.template}: ${callsPerOperation.get(operation.operationId) ?? 0} calls, ${statuses.map(([status, count]) => `${status}×${count}`).join(' ')}`);
  }
  const allStatuses = new Map<number, number>();
  for (const statuses of statusesPerOperation.values()) for (const [status, count] of statuses) allStatuses.set(status, (allStatuses.get(status) ?? 0) + count);
  const count = (test: (breach: string) => boolean) => findings.filter(({ breaches: found }) => found.some(test)).length;
  lines.push(
    `  statuses: ${[...allStatuses.entries()].sort(([a], [b]) => a - b).map(([status, times]) => `${status}×${times}`).join(' ')}`,
    `  goals: 5xx answers ${count((breach) => /^a 5\d\d$/.test(breach))} (goal 0), outside the envelope ${count((breach) => /content type|not JSON|outside/.test(breach))} (goal 0), ` +
      `undeclared statuses ${count((breach) => breach.startsWith('the undeclared'))} (goal 0), refused calls that wrote ${refusedWrites} (goal 0)`,
  );
  return lines.join('\n');
}

beforeAll(async () => {
  // Without the abuse limits, so that the calls reach the handlers: their 429 is tested in rateLimits.test.ts.
  ordering = await startOrderingServer({ rateLimits: false });
  owner = await ordering.newCustomer();
  await ordering.createAccount(owner, { name: 'Ada Lovelace', phone: '0113 496 0999' });
  authorization.customer = `Bearer ${owner.idToken}`;
  authorization.staff = `Bearer ${await ordering.staffToken()}`;
  authorization.owner = `Bearer ${await ordering.ownerToken()}`;
  authorization.forged = `Bearer ${await ordering.forgedStaffToken()}`;
  await addOrders();
  watch = new DatabaseWatch(ordering.sqliteFile);
});

afterAll(async () => {
  watch?.close();
  await ordering?.close();
});

describe('contract fuzzing of every operation of openapi.yaml', () => {
  it(`answers ${runs} valid, nearly valid and hostile calls within the contract`, { timeout: Math.max(120_000, runs * 60) }, async () => {
    const requests = fc.sample(fuzzRequest, { numRuns: runs, seed });
    const started = performance.now();
    for (const [index, request] of requests.entries()) {
      if (index > 0 && index % REFRESH_EVERY === 0) {
        await addOrders();
        watch.changedTables();
      }
      await send(request);
    }
    console.log(summary((performance.now() - started) / 1000));

    expect(findings.slice(0, 20), `seed ${seed} (FUZZ_SEED=${seed} FUZZ_RUNS=${runs} repeats it): ${findings.length} calls outside the contract`).toEqual([]);
    expect(new Set(callsPerOperation.keys()).size, 'every operation was called').toBe(operations.length);
    const reached = operations.filter(({ operationId }) => [...(statusesPerOperation.get(operationId)?.keys() ?? [])].some((status) => status === 200));
    expect(reached.length, `operations that answered 200 at least once (not: ${operations.filter((operation) => !reached.includes(operation)).map(({ operationId }) => operationId).join(', ')})`).toBeGreaterThan(operations.length / 2);
  });

  // Found by the fuzzing: @fastify/compress refused any Content-Encoding it does not know with 415, on GETs too.
  it('answers a GET carrying a Content-Encoding as if it had none', async () => {
    const response = await fetch(`${ordering.server.url}/api/restaurant/coreRestaurantData`, {
      headers: { ...identification, 'content-encoding': 'x-unknown' },
    });
    expect(response.status).toBe(200);
    expect(Object.keys(await response.json())).toEqual(['data']);
  });
});
