import { readFileSync } from 'node:fs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../src/server/config';
import { abuseLimits, TOO_MANY_REQUESTS_MESSAGE } from '../../src/server/plugins/rateLimits';
import { buildInjectedApp } from './injectedApp';
import { identification, readyOrderUpdate, tuesdayEvening } from './orderingServer';

// Clients are told apart by their address, so these use inject, which can give each request the address it comes from.

const booking = { date: '2026-11-25', time: '19:30', partySize: 4, name: 'Ada Lovelace', phone: '0113 496 0999', email: 'ada@example.com' };
const enquiry = {
  eventDate: '2026-12-24',
  guests: 40,
  budget: 'about £15 a head',
  name: 'Ada Lovelace',
  phone: '07700 900123',
  email: 'ada@example.com',
  message: 'A family party at home',
};
const carrierAddress = '203.0.113.7';

interface TestApp {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

async function startApp(config: Partial<ServerConfig> = {}): Promise<TestApp> {
  const { app, close } = await buildInjectedApp({ config, clock: () => tuesdayEvening });
  return {
    inject: (options) => app.inject({ remoteAddress: carrierAddress, ...options, headers: { ...identification, ...options.headers } }),
    close,
  };
}

const post = (url: string, payload: object, more: Partial<InjectOptions> = {}): InjectOptions => ({ method: 'POST', url, payload, ...more });

async function statuses(app: TestApp, requests: InjectOptions[]): Promise<number[]> {
  const answers = await Promise.all(requests.map((request) => app.inject(request)));
  return answers.map((answer) => answer.statusCode);
}

async function newBasket(app: TestApp): Promise<string> {
  const answer = await app.inject({ url: '/api/OrderBuilder/create' });
  expect(answer.statusCode).toBe(200);
  return answer.json().data.basketId;
}

describe('abuse limits', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('answers 429 in the SPEC §8 envelope with Retry-After once one address has used its budget of booking requests', async () => {
    const { max, windowMinutes } = abuseLimits.createBookingRequest;
    const withinBudget = Array.from({ length: max }, () => post('/api/booking/request', booking));
    expect(await statuses(app, withinBudget)).toEqual(withinBudget.map(() => 200));

    const refused = await app.inject(post('/api/booking/request', booking));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errorMessage: TOO_MANY_REQUESTS_MESSAGE, validationErrors: [] });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowMinutes * 60);

    const elsewhere = await app.inject(post('/api/booking/request', booking, { remoteAddress: '198.51.100.20' }));
    expect(elsewhere.statusCode).toBe(200);
  });

  it('lets 300 customers behind one address create their baskets at once and update each of them', async () => {
    const created = await Promise.all(Array.from({ length: 300 }, () => app.inject({ url: '/api/OrderBuilder/create' })));
    expect(created.map((answer) => answer.statusCode)).toEqual(created.map(() => 200));
    const baskets = created.map((answer) => answer.json().data.basketId as string);

    // Each basket's budget is its own: 600 updates from one address all pass.
    for (const round of [1, 2]) {
      const updates = baskets.map((basketId) => post('/api/orderbuilder/update', readyOrderUpdate(basketId, { notes: `round ${round}` })));
      expect(await statuses(app, updates)).toEqual(updates.map(() => 200));
    }
  });

  it('refuses one basket hammered with updates while another basket from the same address goes on', async () => {
    const hammered = await newBasket(app);
    const other = await newBasket(app);
    const updates = Array.from({ length: abuseLimits.updateOrder.max }, () => post('/api/orderbuilder/update', readyOrderUpdate(hammered)));
    expect(await statuses(app, updates)).toEqual(updates.map(() => 200));

    const refused = await app.inject(post('/api/orderbuilder/update', readyOrderUpdate(hammered)));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^[1-9][0-9]*$/);
    expect((await app.inject(post('/api/orderbuilder/update', readyOrderUpdate(other)))).statusCode).toBe(200);
  });

  it('does not count requests the contract refuses: a booking that fails its validation spends no budget', async () => {
    const fresh = await startApp();
    try {
      const invalid = Array.from({ length: abuseLimits.createBookingRequest.max + 5 }, () =>
        post('/api/booking/request', { ...booking, tableNumber: 7 }),
      );
      expect(new Set(await statuses(fresh, invalid))).toEqual(new Set([400]));
      expect((await fresh.inject(post('/api/booking/request', booking))).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  const { max } = abuseLimits.createCateringEnquiry;
  const proxy = '10.0.0.2';
  const enquiryFrom = (client: string): InjectOptions =>
    post('/api/catering/enquiry', enquiry, { remoteAddress: proxy, headers: { 'x-forwarded-for': client } });

  it('counts each client named by a trusted proxy on its own', async () => {
    const app = await startApp({ trustProxy: ['10.0.0.0/8'] });
    try {
      const first = Array.from({ length: max }, () => enquiryFrom('198.51.100.1'));
      expect(await statuses(app, first)).toEqual(first.map(() => 200));
      expect((await app.inject(enquiryFrom('198.51.100.1'))).statusCode).toBe(429);
      expect((await app.inject(enquiryFrom('198.51.100.2'))).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('without it, believes no X-Forwarded-For: every client of the proxy shares its address', async () => {
    const app = await startApp();
    try {
      const first = Array.from({ length: max }, (_, index) => enquiryFrom(`198.51.100.${index + 1}`));
      expect(await statuses(app, first)).toEqual(first.map(() => 200));
      expect((await app.inject(enquiryFrom('198.51.100.200'))).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('believes only the proxies it names: a client connecting directly cannot choose its address', async () => {
    const app = await startApp({ trustProxy: ['10.0.0.0/8'] });
    try {
      const direct = (client: string) => post('/api/catering/enquiry', enquiry, { remoteAddress: '192.0.2.50', headers: { 'x-forwarded-for': client } });
      const first = Array.from({ length: max }, (_, index) => direct(`198.51.100.${index + 1}`));
      expect(await statuses(app, first)).toEqual(first.map(() => 200));
      expect((await app.inject(direct('198.51.100.200'))).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('RATE_LIMITS=off', () => {
  it('turns every limit off, for load tests from one address', async () => {
    const app = await startApp({ rateLimits: false });
    try {
      const many = Array.from({ length: abuseLimits.createCateringEnquiry.max * 3 }, () => post('/api/catering/enquiry', enquiry));
      expect(await statuses(app, many)).toEqual(many.map(() => 200));
    } finally {
      await app.close();
    }
  });
});

describe('docs/abuse-limits.md', () => {
  it('lists every budget as the code declares it', () => {
    const documented = new Map<string, string>();
    const table = readFileSync(new URL('../../docs/abuse-limits.md', import.meta.url), 'utf8');
    for (const [, operations, per, max, minutes] of table.matchAll(/^\| (`.+?) \| (\w+) \| (\d+) \| (\d+) min \|/gm)) {
      for (const [, operationId] of operations.matchAll(/`(\w+)`/g)) documented.set(operationId, `${per} ${max} ${minutes}`);
    }
    const holders: Record<string, string> = { basketInBody: 'basket', basketInPath: 'basket', orderInPath: 'order', customer: 'customer', address: 'address' };
    const declared = new Map(
      Object.entries(abuseLimits).flatMap(([operationId, limit]) =>
        'unlimited' in limit ? [] : [[operationId, `${holders[limit.per]} ${limit.max} ${limit.windowMinutes}`] as const],
      ),
    );
    expect(documented).toEqual(declared);
  });
});
