import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KitchenStatus } from '../../src/domain/orderEnums';
import { tablePhoto } from '../../src/server/db/seed/demoPhotos';
import { CHANGED_SINCE_OPENED_MESSAGE } from '../../src/server/handlers/ownerEdits';
import { readyOrderUpdate, startOrderingServer, tuesdayEvening, type OrderingServer } from './orderingServer';

// The owner's takeaway settings and opening hours, and the kitchen's busy mode (docs/back-office.md), on the real
// server with its clock at Tuesday 18:00 (open 17:00–22:30, collection 20 minutes). Each test puts back what it changed,
// so the next starts from the demo restaurant. Anonymous and wrong-group callers of the owner's calls are
// authorization.test.ts's; busy mode's, being the kitchen's, are here.

let ordering: OrderingServer;
let ownerToken: string;
let kitchenToken: string;

beforeAll(async () => {
  ordering = await startOrderingServer();
  [ownerToken, kitchenToken] = await Promise.all([ordering.ownerToken(), ordering.staffToken()]);
});
afterAll(() => ordering?.close());
beforeEach(() => {
  ordering.now = tuesdayEvening;
});

const readSettings = async () => {
  const answer = await ordering.call('/manage/settings', { token: ownerToken });
  expect(answer.status).toBe(200);
  return answer.body.data as { settings: Record<string, unknown>; revision: number };
};
const saveSettings = (revision: number, settings: unknown) => ordering.call('/manage/settings', { method: 'PUT', body: { revision, settings }, token: ownerToken });
const readHours = async () => {
  const answer = await ordering.call('/manage/hours', { token: ownerToken });
  expect(answer.status).toBe(200);
  return answer.body.data as { hours: Record<string, any>; revision: number };
};
const saveHours = (revision: number, hours: unknown) => ordering.call('/manage/hours', { method: 'PUT', body: { revision, hours }, token: ownerToken });
const auditSummaries = async (area: string): Promise<string[]> =>
  (await ordering.call(`/manage/audit?area=${area}`, { token: ownerToken })).body.data.entries.map((entry: { summary: string }) => entry.summary);
const coreData = async () => (await ordering.call('/restaurant/coreRestaurantData')).body.data.restaurantData;
const collectionSlots = async () => (await ordering.call('/orderbuilder/timeSlots/1')).body.data as { asapAvailable: boolean; slots: string[]; opensAt?: string };
const setBusy = (body: unknown, token = kitchenToken) => ordering.post('/kitchen/busy', body, token);

/** Saves `change` over the settings as they are, then (at the end of the test) puts them back. */
async function withSettings(change: Record<string, unknown>, test: () => Promise<void>) {
  const opened = await readSettings();
  const saved = await saveSettings(opened.revision, { ...opened.settings, ...change });
  expect(saved.status).toBe(200);
  try {
    await test();
  } finally {
    expect((await saveSettings(saved.body.data.revision, opened.settings)).status).toBe(200);
  }
}

async function withHours(change: Record<string, unknown>, test: () => Promise<void>) {
  const opened = await readHours();
  const saved = await saveHours(opened.revision, { ...opened.hours, ...change });
  expect(saved.status).toBe(200);
  try {
    await test();
  } finally {
    expect((await saveHours(saved.body.data.revision, opened.hours)).status).toBe(200);
  }
}

/** A basket updated with `changes` (ready to confirm otherwise), and its confirmation's answer. */
async function confirmAttempt(changes: Record<string, unknown> = {}) {
  const basketId = await ordering.newBasket();
  const updated = await ordering.post('/orderbuilder/update', readyOrderUpdate(basketId, changes));
  const confirmed = await ordering.post('/orderbuilder/confirm', { basketId });
  return { updated, confirmed };
}

describe('takeaway settings', () => {
  it('reads the demo restaurant, with the configured automatic refusal until the owner saves one', async () => {
    const { settings } = await readSettings();
    expect(settings).toEqual({
      allowOrdering: true,
      allowCollection: true,
      allowCashPayment: true,
      minimumCollectionOrderValue: 10,
      minimumFreeOrderValue: 15,
      standardDeliveryCharge: 2.5,
      bagCharge: 0.1,
      maximumCashOrderValue: 150,
      maximumOrderValue: 500,
      acceptanceTimeoutSeconds: 600,
      orderDaysAhead: 0,
      sharePhoto: tablePhoto,
    });
  });

  it('saves and reads back, customers price with it at once, the kitchen refuses on the new time, and the audit says what changed', async () => {
    await withSettings({ bagCharge: 0.25, acceptanceTimeoutSeconds: 300 }, async () => {
      expect((await readSettings()).settings).toMatchObject({ bagCharge: 0.25, acceptanceTimeoutSeconds: 300 });
      expect((await coreData()).takeawaySettings.bagCharge).toBe(0.25);
      const { updated } = await confirmAttempt();
      expect(updated.body.data.order.bagCharge).toBe(0.25);
      expect((await ordering.call('/kitchen/orders', { token: kitchenToken })).body.data.acceptanceTimeoutSeconds).toBe(300);
      expect(await auditSummaries('settings')).toEqual(expect.arrayContaining(['Bag charge £0.10 → £0.25', 'Automatic refusal after 10 min → 5 min']));
    });
  });

  it('refuses every bad field by name and writes nothing', async () => {
    const opened = await readSettings();
    const refused = await saveSettings(opened.revision, { ...opened.settings, bagCharge: 2, maximumCashOrderValue: 600, acceptanceTimeoutSeconds: 30 });
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual([
      { field: 'bagCharge', message: 'The bag charge must be from £0.00 to £1.00' },
      { field: 'maximumCashOrderValue', message: 'The largest cash order must not be more than the largest order' },
      { field: 'acceptanceTimeoutSeconds', message: 'The automatic refusal must come after 1 to 60 minutes' },
    ]);
    expect(await readSettings()).toEqual(opened);
  });

  it('refuses the second of two saves made from the same revision, writing nothing', async () => {
    const opened = await readSettings();
    const first = await saveSettings(opened.revision, { ...opened.settings, standardDeliveryCharge: 3 });
    expect(first.status).toBe(200);
    const second = await saveSettings(opened.revision, { ...opened.settings, standardDeliveryCharge: 4 });
    expect(second.status).toBe(409);
    expect(second.body.errorMessage).toBe(CHANGED_SINCE_OPENED_MESSAGE);
    expect((await readSettings()).settings.standardDeliveryCharge).toBe(3);
    expect((await saveSettings(first.body.data.revision, opened.settings)).status).toBe(200);
  });

  it('switching online ordering off refuses orders at once', async () => {
    await withSettings({ allowOrdering: false }, async () => {
      expect((await confirmAttempt()).confirmed.body.errorMessage).toBe('Online ordering is not available at the moment');
    });
    expect((await confirmAttempt()).confirmed.status).toBe(200);
  });
});

describe('opening hours', () => {
  it('reads the weekly sessions, lead times and slots', async () => {
    const { hours } = await readHours();
    expect(hours).toMatchObject({ specialDays: [], collectionLeadMinutes: 20, deliveryLeadMinutes: 45, slotMinutes: 15, ordersPerSlot: null });
    expect(hours.weekly).toContainEqual({ day: 2, opens: '17:00', closes: '22:30' });
  });

  it('a closure day offers no slots and no ASAP, tells customers why, and is audited', async () => {
    expect((await collectionSlots()).asapAvailable).toBe(true);
    const christmas = { date: '2026-11-24', message: 'Closed for a family wedding', sessions: [] };
    await withHours({ specialDays: [christmas] }, async () => {
      const offered = await collectionSlots();
      expect(offered.asapAvailable).toBe(false);
      expect(offered.slots.filter((slot) => slot.startsWith('2026-11-24'))).toEqual([]);
      // Wednesday's evening is offered instead.
      expect(offered.opensAt).toBe('2026-11-25T17:00:00.000Z');
      expect((await coreData()).specialDays).toEqual([christmas]);
      expect((await confirmAttempt()).confirmed.body.errorMessage).toBe('ASAP is not available now: please choose a time');
      expect(await auditSummaries('hours')).toContain('Special day 2026-11-24 added: closed ("Closed for a family wedding")');
    });
  });

  it('a lunch and an evening session, and an evening past midnight, are offered', async () => {
    const { hours } = await readHours();
    const weekly = [...hours.weekly.filter((period: { day: number }) => period.day !== 2), { day: 2, opens: '12:00', closes: '14:00' }, { day: 2, opens: '18:30', closes: '01:00' }];
    ordering.now = new Date('2026-11-24T10:00:00Z');
    await withHours({ weekly }, async () => {
      const { slots } = await collectionSlots();
      expect(slots[0]).toBe('2026-11-24T12:30:00.000Z');
      expect(slots).not.toContain('2026-11-24T15:00:00.000Z');
      // The lead time counts from the opening too.
      expect(slots).not.toContain('2026-11-24T18:45:00.000Z');
      expect(slots).toContain('2026-11-24T19:00:00.000Z');
      expect(slots.at(-1)).toBe('2026-11-25T01:00:00.000Z');
    });
  });

  it('a shorter slot length and a limit of orders per slot change the slots offered, and a full slot is refused', async () => {
    await withHours({ slotMinutes: 30, ordersPerSlot: 1 }, async () => {
      const before = await collectionSlots();
      expect(before.slots.slice(0, 3)).toEqual(['2026-11-24T18:30:00.000Z', '2026-11-24T19:00:00.000Z', '2026-11-24T19:30:00.000Z']);
      const seven = { asapFlag: false, requestedTime: '2026-11-24T19:00:00.000Z' };
      expect((await confirmAttempt(seven)).confirmed.status).toBe(200);
      expect((await collectionSlots()).slots.slice(0, 2)).toEqual(['2026-11-24T18:30:00.000Z', '2026-11-24T19:30:00.000Z']);
      const second = await confirmAttempt(seven);
      expect(second.confirmed.status).toBe(400);
      expect(second.confirmed.body.errorMessage).toBe('The time you chose is now fully booked: please choose another time');
      expect(await auditSummaries('hours')).toEqual(expect.arrayContaining(['Time slot 15 → 30 minutes', 'Most orders per slot no limit → 1']));
    });
  });

  it('offers a full slot again once the kitchen cancels an order in it', async () => {
    await withHours({ ordersPerSlot: 1 }, async () => {
      // The day's last slot still free (the other tests' orders take theirs).
      const last = (await collectionSlots()).slots.at(-1)!;
      const { orderRef } = await ordering.requestedOrder({ asapFlag: false, requestedTime: last });
      const kitchen = (action: string, body: unknown = {}) => ordering.post(`/kitchen/orders/${orderRef}/${action}`, body, kitchenToken);
      expect((await kitchen('accept')).status).toBe(200);
      expect((await collectionSlots()).slots).not.toContain(last);
      expect((await kitchen('status', { kitchenStatus: KitchenStatus.Cancelled })).status).toBe(200);
      expect((await collectionSlots()).slots).toContain(last);
      expect((await confirmAttempt({ asapFlag: false, requestedTime: last })).confirmed.status).toBe(200);
    });
  });

  it('refuses overlapping sessions and a special day without a message by name, writing nothing; a stale revision gets 409', async () => {
    const opened = await readHours();
    const refused = await saveHours(opened.revision, {
      ...opened.hours,
      weekly: [{ day: 2, opens: '17:00', closes: '22:30' }, { day: 2, opens: '22:00', closes: '23:00' }],
      specialDays: [{ date: '2026-12-25', message: ' ', sessions: [] }],
      slotMinutes: 7,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual([
      { field: 'weekly[1].opens', message: 'Sessions on the same day must not overlap' },
      { field: 'specialDays[0].message', message: 'Write what customers should read, such as "Closed for Christmas Day"' },
      { field: 'slotMinutes', message: 'The time slot must be 5, 10, 15, 20, 30, 60 minutes' },
    ]);
    expect(await readHours()).toEqual(opened);

    const first = await saveHours(opened.revision, { ...opened.hours, collectionLeadMinutes: 25 });
    expect(first.status).toBe(200);
    const second = await saveHours(opened.revision, { ...opened.hours, collectionLeadMinutes: 30 });
    expect(second.status).toBe(409);
    expect(second.body.errorMessage).toBe(CHANGED_SINCE_OPENED_MESSAGE);
    expect((await readHours()).hours.collectionLeadMinutes).toBe(25);
    expect((await saveHours(first.body.data.revision, opened.hours)).status).toBe(200);
  });

  it('refuses a special day typed with a date already gone, and a fifth session of a day, each at a field the form shows', async () => {
    // Tuesday 24 November 2026: last year's Christmas would vanish on saving, with no word.
    const opened = await readHours();
    const refused = await saveHours(opened.revision, {
      ...opened.hours,
      weekly: [...opened.hours.weekly.filter((session: { day: number }) => session.day !== 3), ...['10:00', '12:00', '14:00', '16:00', '18:00'].map((opens) => ({ day: 3, opens, closes: `${Number(opens.slice(0, 2)) + 1}:00` }))],
      specialDays: [{ date: '2025-12-25', message: 'Closed for Christmas Day', sessions: [] }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual(
      expect.arrayContaining([{ field: expect.stringMatching(/^weekly\[\d+\]\.opens$/), message: 'A day has at most 4 sessions' }]),
    );
    expect(await readHours()).toEqual(opened);
    const pastOnly = await saveHours(opened.revision, { ...opened.hours, specialDays: [{ date: '2025-12-25', message: 'Closed for Christmas Day', sessions: [] }] });
    expect(pastOnly.status).toBe(400);
    expect(pastOnly.body.validationErrors).toEqual([{ field: 'specialDays[0].date', message: 'This date has passed: choose today or a later day' }]);
    expect(await readHours()).toEqual(opened);
  });
});

describe('busy mode', () => {
  it('a pause refuses new orders with its message, shows on the restaurant data, and ends on time by itself', async () => {
    const paused = await setBusy({ mode: 'pause', pauseMinutes: 30 });
    expect(paused.status).toBe(200);
    expect(paused.body.data).toEqual({
      busyMode: { paused: true, pausedUntil: '2026-11-24T18:30:00.000Z', extraMinutes: 0 },
      message: "We're very busy: online ordering resumes at 18:30",
    });
    expect((await coreData()).busyMode).toEqual({ paused: true, pausedUntil: '2026-11-24T18:30:00.000Z', extraMinutes: 0 });
    const basketId = await ordering.newBasket();
    const update = await ordering.post('/orderbuilder/update', readyOrderUpdate(basketId));
    expect(update.status).toBe(400);
    expect(update.body.errorMessage).toBe("We're very busy: online ordering resumes at 18:30");
    expect(await collectionSlots()).toEqual({ asapAvailable: false, slots: [], serverTime: expect.any(String) });

    ordering.now = new Date('2026-11-24T18:30:00Z');
    expect((await ordering.call('/kitchen/busy', { token: kitchenToken })).body.data).toEqual({ busyMode: { paused: false, extraMinutes: 0 } });
    expect((await confirmAttempt()).confirmed.status).toBe(200);
    expect(await auditSummaries('busy')).toContain('Busy mode: new orders paused until 18:30');
    // The next test's clock goes back to 18:00, inside this pause.
    await setBusy({ mode: 'off' });
  });

  it('a pause until switched back refuses confirmation of a basket saved before it, until it is switched off', async () => {
    const basketId = await ordering.newBasket();
    expect((await ordering.post('/orderbuilder/update', readyOrderUpdate(basketId))).status).toBe(200);
    expect((await setBusy({ mode: 'pause' }, ownerToken)).status).toBe(200);
    const refused = await ordering.post('/orderbuilder/confirm', { basketId });
    expect(refused.body.errorMessage).toBe("We're very busy: online ordering is paused for now. Please try again later.");
    ordering.now = new Date('2026-11-24T21:00:00Z');
    expect((await ordering.post('/orderbuilder/confirm', { basketId })).status).toBe(400);
    const ended = await setBusy({ mode: 'off' });
    expect(ended.body.data).toEqual({ busyMode: { paused: false, extraMinutes: 0 } });
    expect((await ordering.post('/orderbuilder/confirm', { basketId })).status).toBe(200);
    expect(await auditSummaries('busy')).toEqual(expect.arrayContaining(['Busy mode: new orders paused until switched back', 'Busy mode ended']));
  });

  it('extra minutes lengthen the slots\' lead time and ASAP\'s due time', async () => {
    expect((await collectionSlots()).slots[0]).toBe('2026-11-24T18:30:00.000Z');
    const slower = await setBusy({ mode: 'extraTime', extraMinutes: 20 });
    expect(slower.body.data.message).toBe('Orders are taking 20 minutes longer tonight');
    try {
      expect((await collectionSlots()).slots[0]).toBe('2026-11-24T18:45:00.000Z');
      const order = await ordering.requestedOrder();
      const tracked = await ordering.call(`/orderbuilder/acceptanceDetails/${order.basketId}`);
      expect(tracked.body.data.orderRequest.updateTime).toBe('2026-11-24T18:40:00.000Z');
    } finally {
      await setBusy({ mode: 'off' });
    }
  });

  it('refuses a customer (403) and an anonymous caller (401), and a mode without what it needs by name', async () => {
    const customer = await ordering.customerToken();
    expect((await setBusy({ mode: 'pause' }, customer)).status).toBe(403);
    expect((await ordering.post('/kitchen/busy', { mode: 'pause' })).status).toBe(401);
    const incomplete = await setBusy({ mode: 'extraTime' });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.validationErrors).toEqual([{ field: 'extraMinutes', message: 'Choose how many minutes to add' }]);
    expect((await coreData()).busyMode).toEqual({ paused: false, extraMinutes: 0 });
  });
});
