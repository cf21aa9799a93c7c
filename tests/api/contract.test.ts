import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = resolve(import.meta.dirname, '../..');
const specText = readFileSync(join(root, 'openapi.yaml'), 'utf8');

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  'x-identity-groups'?: string[];
  parameters?: Array<{ $ref?: string; in?: string; name?: string }>;
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<string, unknown>;
}
interface Document {
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>> };
}
const spec = parse(specText) as Document;

const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
);
const operationAt = (key: string) => operations.find((candidate) => candidate.key === key)?.operation;

// SPEC §7, every row, with its method and path exactly as written there ({orderId} etc. are path parameters;
// the gallery's /pagedata/page/Gallery is an instance of /pagedata/page/{page}).
const specCalls = [
  'GET /restaurant/coreRestaurantData',
  'GET /pagedata/page/{page}',
  'GET /account/GetAccount',
  'POST /account/CreateAccount',
  'POST /account/CreateAccountFromOrder',
  'POST /account/UpdateProfile',
  'POST /account/AddAddress',
  'POST /account/DeleteAccount',
  'GET /account/DoLogin',
  'GET /account/RebuildOrder/{orderId}',
  'GET /menu/getMenu/{menuId}',
  'GET /OrderBuilder/create',
  'POST /Device/setToken',
  'GET /orderbuilder/checkDelivery/{postcode}',
  'POST /orderbuilder/update',
  'POST /orderbuilder/confirm',
  'POST /orderbuilder/confirmAuth',
  'POST /orderbuilder/createAcceptance',
  'GET /orderbuilder/acceptanceDetails/{basketId}',
  'POST /orderbuilder/cancel/{basketId}',
  'GET /order/GetActiveOrder/{orderId}',
  'GET /order/OrderDetails/{orderId}',
  'POST /payment/createPayPalOrderLink',
  'POST /payment/authorise-capture',
  'POST /payment/LogError',
];

// Calls this project adds where SPEC is silent (each one's description says so).
const kitchenCalls = [
  'GET /kitchen/orders',
  'GET /kitchen/bookings',
  'GET /kitchen/cateringEnquiries',
  'POST /kitchen/orders/{orderId}/accept',
  'POST /kitchen/orders/{orderId}/proposeTime',
  'POST /kitchen/orders/{orderId}/refuse',
  'POST /kitchen/orders/{orderId}/status',
  'POST /kitchen/orders/{orderId}/reprint',
  'POST /kitchen/phoneOrders',
  'GET /kitchen/printers',
  'GET /kitchen/soldOut',
  'POST /kitchen/soldOut',
  'GET /kitchen/busy',
  'POST /kitchen/busy',
];
// The back office's calls, for the owner (docs/back-office.md); each area lists its own.
const ownerCalls = [
  'GET /manage/audit',
  'GET /manage/settings',
  'PUT /manage/settings',
  'GET /manage/hours',
  'PUT /manage/hours',
  'GET /manage/menu',
  'PUT /manage/menu',
  'POST /manage/menu/publish',
  'POST /manage/menu/discard',
  'POST /manage/photos',
  'GET /manage/pages',
  'GET /manage/pages/{page}',
  'PUT /manage/pages/{page}',
  'POST /manage/pages/{page}/publish',
  'POST /manage/pages/{page}/discard',
  'POST /manage/pages/{page}/remove',
  'GET /manage/zones',
  'PUT /manage/zones',
  'GET /manage/zones/check/{postcode}',
  'GET /manage/printers',
  'PUT /manage/printers',
  'GET /manage/customers/search',
  'GET /manage/customers/{loyaltyId}',
  'POST /manage/customers/{loyaltyId}/points',
  'POST /manage/customers/{loyaltyId}/vouchers',
  'GET /manage/takings',
  'GET /manage/takings/csv',
];
// The website's side of notifications (docs/notifications.md).
const notificationCalls = ['POST /Device/setWebPushSubscription', 'POST /orderbuilder/stopNotifications/{basketId}'];
const projectCalls = [
  ...notificationCalls,
  'GET /orderbuilder/timeSlots/{orderType}',
  'POST /orderbuilder/acceptNewTime/{basketId}',
  'POST /orderbuilder/orderAgain/{basketId}',
  'GET /booking/times/{date}',
  'POST /booking/request',
  'POST /catering/enquiry',
  ...kitchenCalls,
  ...ownerCalls,
];

// The calls SPEC marks (auth), the account creations, which take the caller from the id token, and confirmAuth,
// which SPEC §6 gives to signed-in customers (docs/accounts.md).
const customerCalls = [
  'GET /account/GetAccount',
  'POST /account/CreateAccount',
  'POST /account/CreateAccountFromOrder',
  'POST /account/UpdateProfile',
  'POST /account/AddAddress',
  'POST /account/DeleteAccount',
  'GET /account/DoLogin',
  'GET /account/RebuildOrder/{orderId}',
  'POST /orderbuilder/confirmAuth',
];
// Guests and signed-in customers alike: a token, when sent, prices the basket for its customer (and a basket paid
// online is placed for them).
const optionalBearerCalls = ['POST /orderbuilder/update', 'GET /order/OrderDetails/{orderId}', 'POST /payment/authorise-capture'];
// The kitchen dashboard's calls, for staff in the identity group kitchen (docs/acceptance-and-kitchen.md).
const authenticatedCalls = [...customerCalls, ...optionalBearerCalls, ...kitchenCalls, ...ownerCalls];

describe('openapi.yaml', () => {
  it('serves every call under /api', () => {
    expect(spec.servers).toEqual([{ url: '/api' }]);
  });

  it.each(specCalls)('holds SPEC §7 call %s', (call) => {
    expect(operationAt(call)).toBeDefined();
  });

  it("holds nothing beyond SPEC §7 but the project's own additions", () => {
    expect(operations.map(({ key }) => key).sort()).toEqual([...specCalls, ...projectCalls].sort());
  });

  it.each(projectCalls)('says that %s is added by this project', (call) => {
    expect((operationAt(call) as { description?: string } | undefined)?.description).toMatch(/Added by this project/);
  });

  it('gives every operation a unique camelCase operationId', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('requires both identification headers on every operation', () => {
    for (const { key, operation } of operations) {
      const references = (operation.parameters ?? []).map((parameter) => parameter.$ref);
      expect(references, key).toContain('#/components/parameters/ApplicationKey');
      expect(references, key).toContain('#/components/parameters/SiteKey');
    }
  });

  it('says who may call every operation (the server refuses to start otherwise)', () => {
    for (const { key, operation } of operations) expect(operation.security, key).toBeInstanceOf(Array);
  });

  it('puts bearer security on exactly the authenticated calls', () => {
    const secured = operations
      .filter(({ operation }) => operation.security?.some((requirement) => 'bearerAuth' in requirement))
      .map(({ key }) => key);
    expect(secured.sort()).toEqual([...authenticatedCalls].sort());
  });

  it('makes the bearer optional on exactly the calls guests make too', () => {
    const optional = operations.filter(({ operation }) => operation.security?.some((requirement) => Object.keys(requirement).length === 0));
    expect(optional.map(({ key }) => key)).toEqual(optionalBearerCalls);
    for (const { key, operation } of optional) expect(operation.security, key).toEqual([{}, { bearerAuth: [] }]);
  });

  it('keeps the kitchen calls to the kitchen group and the back office to the owner', () => {
    const staffOnly = operations.filter(({ operation }) => operation['x-identity-groups'] !== undefined);
    expect(staffOnly.map(({ key }) => key).sort()).toEqual([...kitchenCalls, ...ownerCalls].sort());
    for (const { key, operation } of staffOnly) expect(operation['x-identity-groups'], key).toEqual([ownerCalls.includes(key) ? 'owner' : 'kitchen']);
  });

  it('answers the SPEC §8 error shapes on every operation', () => {
    for (const { key, operation } of operations) {
      for (const status of ['400', '401', '500']) expect(operation.responses[status], `${key} ${status}`).toBeDefined();
    }
  });

  it('refuses unknown fields in every request body', () => {
    for (const { key, operation } of operations) {
      for (const content of Object.values(operation.requestBody?.content ?? {}) as { schema: { $ref?: string; additionalProperties?: unknown } }[]) {
        const reference = content.schema.$ref;
        const schema = reference ? spec.components.schemas[reference.replace('#/components/schemas/', '')] : content.schema;
        expect(schema.additionalProperties, key).toBe(false);
      }
    }
  });

  it("keeps SPEC's field names, including orignalItemCost", () => {
    const order = spec.components.schemas.Order as { properties: Record<string, unknown> };
    for (const field of [
      'ref', 'basketId', 'sourceType', 'os', 'osVersion', 'appVersion', 'menuVersion', 'status', 'orderType', 'itemCost',
      'orignalItemCost', 'bagCharge', 'deliveryCharge', 'totalCost', 'discount', 'discountValue', 'ignoreTimeOffset',
      'requestedTime', 'asapFlag', 'notes',
    ]) {
      expect(Object.keys(order.properties)).toContain(field);
    }
  });
});

describe('generated files', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'gen-api-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('src/api/schema.gen.ts is what openapi-typescript makes of openapi.yaml (run npm run gen:api)', () => {
    const regenerated = join(outDir, 'schema.gen.ts');
    execFileSync(join(root, 'node_modules/.bin/openapi-typescript'), ['openapi.yaml', '-o', regenerated], { cwd: root, stdio: 'pipe' });
    expect(readFileSync(join(root, 'src/api/schema.gen.ts'), 'utf8')).toBe(readFileSync(regenerated, 'utf8'));
  });

  it('src/api/operations.gen.ts is what scripts/gen-api.ts makes of openapi.yaml (run npm run gen:api)', () => {
    const regenerated = join(outDir, 'operations.gen.ts');
    execFileSync(join(root, 'node_modules/.bin/tsx'), ['scripts/gen-api.ts', '--out', regenerated], { cwd: root, stdio: 'pipe' });
    expect(readFileSync(join(root, 'src/api/operations.gen.ts'), 'utf8')).toBe(readFileSync(regenerated, 'utf8'));
  });

  it('lists the authenticated operations for the client, marking the optional bearer', async () => {
    const { authenticatedOperations } = await import('../../src/api/operations.gen');
    expect(authenticatedOperations.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([...authenticatedCalls].sort());
    expect(authenticatedOperations.filter(({ optional }) => optional).map(({ method, path }) => `${method} ${path}`)).toEqual(optionalBearerCalls);
  });
});
