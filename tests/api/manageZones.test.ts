import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leedsAddress, readyOrderUpdate, startOrderingServer, type OrderingServer } from './orderingServer';

// The owner's delivery zones (docs/back-office.md, "Delivery zones"): saved whole against a revision, audited, and met
// by customers' delivery checks at once.

let ordering: OrderingServer;
let ownerToken: string;

interface Zone {
  deliveryZoneId?: number;
  postcodeArea: string;
  name: string;
  deliveryCharge: number;
  minimumOrderValue: number;
}

const readZones = async (): Promise<{ zones: Zone[]; revision: number }> => {
  const answer = await ordering.call('/manage/zones', { token: ownerToken });
  expect(answer.status).toBe(200);
  return answer.body.data;
};
const saveZones = (revision: number, zones: Zone[], token = ownerToken) => ordering.call('/manage/zones', { method: 'PUT', body: { revision, zones }, token });
const drafts = (zones: Zone[]): Zone[] => zones.map(({ deliveryZoneId: _id, ...zone }) => zone);
const auditOfZones = async () => (await ordering.call('/manage/audit?area=zones', { token: ownerToken })).body.data.entries;

/** A delivery basket to `postcode` with one Mixed Starter for Two (£13.90), as the customer's update prices it. */
async function deliveryBasket(postcode: string, quantity = 1) {
  const basketId = await ordering.newBasket();
  const updated = await ordering.post(
    '/orderbuilder/update',
    readyOrderUpdate(basketId, {
      orderType: 2,
      deliveryAddress: { ...leedsAddress, postcode },
      orderItems: [{ categoryId: 1, itemId: 109, quantity, title: 'Mixed Starter for Two', itemCost: 0, lineCost: 0 }],
    }),
  );
  return { basketId, updated };
}

beforeAll(async () => {
  ordering = await startOrderingServer();
  ownerToken = await ordering.ownerToken();
});
afterAll(() => ordering?.close());

describe('/manage/zones', () => {
  it('answers the demo zones by area, in pounds, at revision 0', async () => {
    const { zones, revision } = await readZones();
    expect(revision).toBe(0);
    expect(zones).toHaveLength(9);
    expect(zones.find((zone) => zone.postcodeArea === 'LS6')).toEqual({
      deliveryZoneId: 1,
      postcodeArea: 'LS6',
      name: 'Headingley & Hyde Park',
      deliveryCharge: 1.5,
      minimumOrderValue: 12,
    });
  });

  it('refuses every broken field by name and writes nothing', async () => {
    const before = await readZones();
    const refused = await saveZones(before.revision, [
      ...drafts(before.zones),
      { postcodeArea: 'LS', name: 'Nowhere', deliveryCharge: 1, minimumOrderValue: 10 },
      { postcodeArea: ' ls6 ', name: 'Headingley again', deliveryCharge: 1, minimumOrderValue: 10 },
      { postcodeArea: 'LS8 1', name: '   ', deliveryCharge: 2.345, minimumOrderValue: 10 },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual([
      { field: 'zones[9].postcodeArea', message: 'must be a postcode district such as LS6 or a sector such as LS6 2' },
      { field: 'zones[10].postcodeArea', message: 'is already listed above' },
      { field: 'zones[11].name', message: 'must not be empty' },
      { field: 'zones[11].deliveryCharge', message: 'must be from £0.00 to £50.00, in pounds and pence' },
    ]);
    expect(await readZones()).toEqual(before);
    expect(await auditOfZones()).toEqual([]);
  });

  it('saves a new district and sector, a changed charge and a removed zone; reads them back and audits each', async () => {
    const before = await readZones();
    const zones = drafts(before.zones)
      .filter((zone) => zone.postcodeArea !== 'LS17')
      .map((zone) => (zone.postcodeArea === 'LS4' ? { ...zone, deliveryCharge: 2.25 } : zone));
    zones.push(
      { postcodeArea: 'ls8', name: 'Roundhay', deliveryCharge: 3.5, minimumOrderValue: 20 },
      { postcodeArea: 'ls6  2', name: 'Hyde Park', deliveryCharge: 2.75, minimumOrderValue: 18 },
    );
    const saved = await saveZones(before.revision, zones);
    expect(saved.status).toBe(200);
    expect(saved.body.data.revision).toBe(before.revision + 1);
    expect(saved.body.data).toEqual(await readZones());

    const areas = saved.body.data.zones.map((zone: Zone) => zone.postcodeArea);
    expect(areas).toContain('LS8');
    expect(areas).toContain('LS6 2');
    expect(areas).not.toContain('LS17');
    // A zone that stays listed keeps its id: orders refer to it.
    expect(saved.body.data.zones.find((zone: Zone) => zone.postcodeArea === 'LS4')).toEqual({
      deliveryZoneId: 2,
      postcodeArea: 'LS4',
      name: 'Burley & Kirkstall Road',
      deliveryCharge: 2.25,
      minimumOrderValue: 15,
    });

    const audit = await auditOfZones();
    expect(audit.map((entry: { summary: string }) => entry.summary).sort()).toEqual([
      'Zone LS17 (Alwoodley & Moortown) removed: no more deliveries there',
      'Zone LS4: delivery £2.00 → £2.25',
      'Zone LS6 2 (Hyde Park) added: delivery £2.75, minimum order £18.00',
      'Zone LS8 (Roundhay) added: delivery £3.50, minimum order £20.00',
    ]);
    expect(audit[0].actorEmail).toBe('owner@golden-dragon.example');
    const changed = audit.find((entry: { summary: string }) => entry.summary.startsWith('Zone LS4'));
    expect(changed.before).toMatchObject({ postcodeArea: 'LS4', deliveryChargePence: 200 });
    expect(changed.after).toMatchObject({ postcodeArea: 'LS4', deliveryChargePence: 225 });
  });

  it('refuses a save made on a revision someone else has replaced (409), writing nothing', async () => {
    const current = await readZones();
    const stale = await saveZones(current.revision - 1, drafts(current.zones).slice(1));
    expect(stale.status).toBe(409);
    expect(stale.body.errorMessage).toMatch(/^Changed by someone else since you opened it/);
    expect(await readZones()).toEqual(current);
  });

  it("meets customers at once: a new district's and sector's charge and minimum at checkDelivery, update and confirm", async () => {
    const roundhay = await ordering.call('/orderbuilder/checkDelivery/ls81aa');
    expect(roundhay.body.data).toMatchObject({ validPostCode: true, deliveryCharge: 3.5, minimumOrderValue: 20 });
    // The sector is more specific than its district, and wins.
    const hydePark = await ordering.call('/orderbuilder/checkDelivery/LS6%202AB');
    expect(hydePark.body.data).toMatchObject({ validPostCode: true, deliveryCharge: 2.75, minimumOrderValue: 18 });
    const headingley = await ordering.call('/orderbuilder/checkDelivery/LS6%203AB');
    expect(headingley.body.data).toEqual({ zone: 1, validPostCode: true, deliveryCharge: 1.5, minimumOrderValue: 12 });
    expect((await ordering.call('/orderbuilder/checkDelivery/LS17%205AA')).body.data).toEqual({ zone: null, deliveryCharge: 0, validPostCode: false });

    const inSector = await deliveryBasket('LS6 2AB');
    expect(inSector.updated.status).toBe(200);
    expect(inSector.updated.body.data.order).toMatchObject({ deliveryCharge: 2.75, deliveryZoneId: hydePark.body.data.zone });
    // £13.90 is below the sector's £18.00 minimum (the district's £12.00 would have let it through).
    const belowMinimum = await ordering.post('/orderbuilder/confirm', { basketId: inSector.basketId });
    expect(belowMinimum.body.errorMessage).toBe('Add £4.10 to deliver: the minimum order for delivery is £18.00');

    const inDistrict = await deliveryBasket('LS8 1AA', 2);
    expect(inDistrict.updated.body.data.order).toMatchObject({ itemCost: 27.8, deliveryCharge: 3.5 });
    expect((await ordering.post('/orderbuilder/confirm', { basketId: inDistrict.basketId })).status).toBe(200);
  });

  it('shows the owner which zone a postcode falls in', async () => {
    const sector = await ordering.call('/manage/zones/check/ls62ab', { token: ownerToken });
    expect(sector.status).toBe(200);
    expect(sector.body.data).toEqual({
      postcode: 'LS6 2AB',
      zone: { deliveryZoneId: expect.any(Number), postcodeArea: 'LS6 2', name: 'Hyde Park', deliveryCharge: 2.75, minimumOrderValue: 18 },
    });
    expect((await ordering.call('/manage/zones/check/LS17%205AA', { token: ownerToken })).body.data).toEqual({ postcode: 'LS17 5AA', zone: null });
    const notAPostcode = await ordering.call('/manage/zones/check/nowhere', { token: ownerToken });
    expect(notAPostcode.status).toBe(400);
    expect(notAPostcode.body.validationErrors).toEqual([{ field: 'postcode', message: 'must be a UK postcode, for example LS6 2AB' }]);
  });

  it('stops deliveries to a removed zone, and never confirms a basket at a charge the owner has changed', async () => {
    const toRemoved = await deliveryBasket('LS8 1AA', 2);
    const toRepriced = await deliveryBasket('LS4 1AA', 2);
    expect(toRepriced.updated.body.data.order.deliveryCharge).toBe(2.25);

    const current = await readZones();
    const changed = drafts(current.zones)
      .filter((zone) => zone.postcodeArea !== 'LS8')
      .map((zone) => (zone.postcodeArea === 'LS4' ? { ...zone, deliveryCharge: 2.5 } : zone));
    expect((await saveZones(current.revision, changed)).status).toBe(200);

    expect((await ordering.call('/orderbuilder/checkDelivery/LS8%201AA')).body.data.validPostCode).toBe(false);
    expect((await ordering.post('/orderbuilder/confirm', { basketId: toRemoved.basketId })).body.errorMessage).toBe('Sorry, we do not deliver to LS8 1AA');
    expect((await ordering.post('/orderbuilder/confirm', { basketId: toRepriced.basketId })).body.errorMessage).toBe(
      'The delivery charge to LS4 1AA has changed: please review your basket',
    );
    // Priced again, the basket carries the new charge and is confirmed.
    const repriced = await deliveryBasket('LS4 1AA', 2);
    expect(repriced.updated.body.data.order.deliveryCharge).toBe(2.5);
    expect((await ordering.post('/orderbuilder/confirm', { basketId: repriced.basketId })).status).toBe(200);
  });

  it('is for the owner only: the kitchen may not change the zones', async () => {
    const current = await readZones();
    const kitchen = await saveZones(current.revision, [], await ordering.staffToken());
    expect(kitchen.status).toBe(403);
    expect((await ordering.call('/manage/zones')).status).toBe(401);
    expect(await readZones()).toEqual(current);
  });

  it("refuses a minimum no order could reach, above the settings' largest order, and a largest order below a zone's minimum", async () => {
    const saveSettings = (revision: number, settings: Record<string, unknown>) => ordering.call('/manage/settings', { method: 'PUT', body: { revision, settings }, token: ownerToken });
    const opened = (await ordering.call('/manage/settings', { token: ownerToken })).body.data;
    const smaller = await saveSettings(opened.revision, { ...opened.settings, maximumCashOrderValue: 100, maximumOrderValue: 100 });
    expect(smaller.status).toBe(200);
    const settings = smaller.body.data;

    const before = await readZones();
    const auditBefore = await auditOfZones();
    const refused = await saveZones(before.revision, [...drafts(before.zones), { postcodeArea: 'LS8', name: 'Roundhay', deliveryCharge: 3, minimumOrderValue: 100.01 }]);
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual([
      { field: `zones[${before.zones.length}].minimumOrderValue`, message: 'must not be more than the largest order, £100.00 (in Settings): no order could reach it' },
    ]);
    expect(await readZones()).toEqual(before);
    expect(await auditOfZones()).toEqual(auditBefore);
    // Exactly the largest order is within reach.
    const reachable = await saveZones(before.revision, [...drafts(before.zones), { postcodeArea: 'LS8', name: 'Roundhay', deliveryCharge: 3, minimumOrderValue: 100 }]);
    expect(reachable.status).toBe(200);

    // Nor may the settings then bring the largest order below that zone's minimum.
    const lowered = await saveSettings(settings.revision, { ...settings.settings, maximumCashOrderValue: 99.99, maximumOrderValue: 99.99 });
    expect(lowered.status).toBe(400);
    expect(lowered.body.validationErrors).toEqual([
      { field: 'maximumOrderValue', message: 'The largest order must not be less than the minimum order of zone LS8, £100.00 (in Delivery zones): no delivery there could reach it' },
    ]);
    expect((await ordering.call('/manage/settings', { token: ownerToken })).body.data).toEqual(settings);

    expect((await saveZones(reachable.body.data.revision, drafts(before.zones))).status).toBe(200);
    expect((await saveSettings(settings.revision, opened.settings)).status).toBe(200);
  });
});
