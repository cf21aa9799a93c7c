import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import type { ApiError } from '../../src/api/errors';
import { createBasketStorage, BASKET_STORAGE_KEY } from '../../src/platform/basketStorage';
import {
  basketMachine,
  basketStatusOf,
  canConfirm,
  needsFix,
  redirectForStep,
  type BasketEvent,
  type CreatedBasket,
  type DeliveryCheck,
  type OrderUpdate,
  type PricedOrder,
} from '../../machines/basket/basketMachine';
import { isUkPhoneNumber } from '../../src/domain/contactRules';
import {
  contactMessages,
  deliveryMessages,
  MAX_NOTES_LENGTH,
  normalisePostcode,
  notesMessages,
  timeMessages,
  validateContact,
} from '../../machines/basket/basketForms';
import { MAX_SPECIAL_REQUEST_LENGTH, revalidateLines, type NewBasketLine } from '../../machines/basket/basketLines';
import { restorableBasketSnapshot } from '../../machines/basket/basketSnapshot';
import {
  BAG_CHARGE,
  CONFIRMED_ORDER_REF,
  createdBasket,
  deliveryCheckOf,
  IN_ZONE_POSTCODE,
  malformedPostcode,
  menuVersion1,
  menuVersion2,
  noResponse,
  OUT_OF_ZONE_POSTCODE,
  pricedOrder,
  refusedUpdate,
} from './basketServerAnswers';

const springRolls: NewBasketLine = { categoryId: 1, itemId: 11, title: 'Spring Rolls', quantity: 1, itemCost: 3.5 };
const quarterDuck: NewBasketLine = { categoryId: 1, itemId: 12, configId: 121, configOption: 'Quarter', title: 'Crispy Aromatic Duck', quantity: 1, itemCost: 9.8 };
const halfDuck: NewBasketLine = { categoryId: 1, itemId: 12, configId: 122, configOption: 'Half', title: 'Crispy Aromatic Duck', quantity: 1, itemCost: 17.8 };
const beef: NewBasketLine = { categoryId: 2, itemId: 22, title: 'Beef in Black Bean Sauce', quantity: 1, itemCost: 7.8 };
const contact = { name: 'Mei Chen', phone: '07700 900123', email: 'mei@example.com' };
const address = { address1: '12 Cardigan Road', address2: '', town: 'Leeds', postcode: 'ls6 2ab' };

/** The basket with actors answering as the server would; a test can make a call fail. */
function basketWithServer() {
  const failures = { update: [] as ApiError[], confirm: [] as ApiError[], create: [] as ApiError[], check: [] as ApiError[] };
  const calls = { create: 0, updates: [] as OrderUpdate[], checks: [] as string[], confirms: [] as string[] };
  const machine = basketMachine.provide({
    actors: {
      createBasket: fromPromise<CreatedBasket>(async () => {
        calls.create += 1;
        const failure = failures.create.shift();
        if (failure) throw failure;
        return createdBasket;
      }),
      updateOrder: fromPromise<PricedOrder, OrderUpdate>(async ({ input }) => {
        calls.updates.push(input);
        const failure = failures.update.shift();
        if (failure) throw failure;
        return pricedOrder(input);
      }),
      checkDelivery: fromPromise<DeliveryCheck, { postcode: string }>(async ({ input }) => {
        calls.checks.push(input.postcode);
        const failure = failures.check.shift();
        if (failure) throw failure;
        return deliveryCheckOf(input.postcode);
      }),
      confirmOrder: fromPromise<{ orderRef: string }, { basketId: string }>(async ({ input }) => {
        calls.confirms.push(input.basketId);
        const failure = failures.confirm.shift();
        if (failure) throw failure;
        return { orderRef: CONFIRMED_ORDER_REF };
      }),
    },
  });
  return { machine, calls, failures };
}

function settle(actor: ActorRefFrom<typeof basketMachine>) {
  return waitFor(actor, (snapshot) => !snapshot.hasTag('busy'), { timeout: 1000 });
}

function startBasket() {
  const { machine, calls, failures } = basketWithServer();
  const actor = createActor(machine, { input: { menuVersion: 1, client: { os: 'Linux', osVersion: 'x86_64' } } }).start();
  const send = async (...events: BasketEvent[]) => {
    for (const event of events) {
      actor.send(event);
      await settle(actor);
    }
    return actor.getSnapshot();
  };
  return { actor, calls, failures, send };
}

const toCheckout: BasketEvent[] = [
  { type: 'ADD_ITEM', line: springRolls },
  { type: 'CHOOSE_ORDER_TYPE', orderType: 1 },
  { type: 'CONFIRM_BASKET' },
  { type: 'SUBMIT_CONTACT', ...contact },
  { type: 'SUBMIT_TIME', asap: true },
  { type: 'CHOOSE_PAYMENT', paymentType: 1 },
];

describe('basket statechart: lines', () => {
  it('creates the basket for the first item, then adds the pending item and saves the whole order', async () => {
    const { actor, calls } = startBasket();
    actor.send({ type: 'ADD_ITEM', line: { ...springRolls, itemCost: 0.01 } });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.pendingLines).toHaveLength(1);
    await settle(actor);

    expect(calls.create).toBe(1);
    expect(calls.updates).toHaveLength(1);
    expect(calls.updates[0]).toMatchObject({
      basketId: createdBasket.basketId,
      menuVersion: 1,
      sourceType: 'Website',
      os: 'Linux',
      osVersion: 'x86_64',
      appVersion: '1.0.81',
      orderType: 0,
      orderItems: [{ categoryId: 1, itemId: 11, quantity: 1, title: 'Spring Rolls', itemCost: 0.01, lineCost: 0.01 }],
      voucherItems: [],
      paymentType: 0,
      asapFlag: false,
      requestedTime: null,
      deliveryAddress: null,
    });
    const after = actor.getSnapshot();
    expect(basketStatusOf(after)).toBe(1);
    expect(after.context.basketId).toBe(createdBasket.basketId);
    expect(after.context.pendingLines).toEqual([]);
    // The server's prices replace the client's guess.
    expect(after.context.lines).toEqual([{ categoryId: 1, itemId: 11, title: 'Spring Rolls', quantity: 1, itemCost: 3.5, lineCost: 3.5 }]);
    expect(after.context.totals).toMatchObject({ itemCost: 3.5, bagCharge: BAG_CHARGE, totalCost: 3.6 });
  });

  it('adds an item tapped while the basket is being created to the same basket', async () => {
    const { actor, calls } = startBasket();
    actor.send({ type: 'ADD_ITEM', line: springRolls });
    actor.send({ type: 'ADD_ITEM', line: quarterDuck });
    await waitFor(actor, (snapshot) => snapshot.matches({ sync: 'idle' }) && !snapshot.hasTag('busy'));
    expect(calls.create).toBe(1);
    expect(actor.getSnapshot().context.lines.map((line) => line.itemId)).toEqual([11, 12]);
  });

  it('sends the order again when it changed while an update was in flight, and keeps the later answer', async () => {
    const { actor, calls, send } = startBasket();
    await send({ type: 'ADD_ITEM', line: springRolls });
    actor.send({ type: 'INCREASE_LINE', index: 0 });
    actor.send({ type: 'ADD_ITEM', line: beef });
    expect(actor.getSnapshot().context.saveQueued).toBe(true);
    const snapshot = await settle(actor);
    expect(calls.updates.map((update) => update.orderItems.map((line) => `${line.itemId}×${line.quantity}`))).toEqual([
      ['11×1'],
      ['11×2'],
      ['11×2', '22×1'],
    ]);
    expect(snapshot.context.lines.map((line) => `${line.itemId}×${line.quantity}`)).toEqual(['11×2', '22×1']);
    expect(snapshot.context.totals?.itemCost).toBe(14.8);
  });

  it('merges lines of the same category, item and config, and keeps other configs apart', async () => {
    const { send } = startBasket();
    const snapshot = await send(
      { type: 'ADD_ITEM', line: quarterDuck },
      { type: 'ADD_ITEM', line: { ...quarterDuck, quantity: 2 } },
      { type: 'ADD_ITEM', line: halfDuck },
      { type: 'ADD_ITEM', line: { ...halfDuck, quantity: 0 } },
    );
    expect(snapshot.context.lines.map(({ configId, quantity, lineCost }) => ({ configId, quantity, lineCost }))).toEqual([
      { configId: 121, quantity: 3, lineCost: 29.4 },
      { configId: 122, quantity: 1, lineCost: 17.8 },
    ]);
  });

  it('reduces a line when cancelled and removes it at zero; an empty basket is back to Created', async () => {
    const { send, calls } = startBasket();
    let snapshot = await send({ type: 'ADD_ITEM', line: springRolls }, { type: 'INCREASE_LINE', index: 0 }, { type: 'ADD_ITEM', line: beef });
    expect(snapshot.context.lines.map((line) => line.quantity)).toEqual([2, 1]);

    snapshot = await send({ type: 'CANCEL_LINE', index: 0 });
    expect(snapshot.context.lines.map((line) => [line.itemId, line.quantity])).toEqual([[11, 1], [22, 1]]);
    snapshot = await send({ type: 'CANCEL_LINE', index: 0 });
    expect(snapshot.context.lines.map((line) => line.itemId)).toEqual([22]);
    expect(basketStatusOf(snapshot)).toBe(1);
    snapshot = await send({ type: 'CANCEL_LINE', index: 0 });
    expect(snapshot.context.lines).toEqual([]);
    expect(basketStatusOf(snapshot)).toBe(0);
    expect(calls.updates.at(-1)?.orderItems).toEqual([]);
    expect(redirectForStep(snapshot, '/basket')).toBe('/order');
  });

  it('keeps a special request on its line and sends it', async () => {
    const { send, calls } = startBasket();
    const snapshot = await send({ type: 'ADD_ITEM', line: springRolls }, { type: 'SET_SPECIAL_REQUEST', index: 0, text: 'Extra sweet chilli' });
    expect(snapshot.context.lines[0]?.specialRequest).toBe('Extra sweet chilli');
    expect(calls.updates.at(-1)?.orderItems[0]?.specialRequest).toBe('Extra sweet chilli');
  });

  it('drops back to Items when the lines change after later steps', async () => {
    const { send } = startBasket();
    let snapshot = await send(...toCheckout);
    expect(basketStatusOf(snapshot)).toBe(6);
    snapshot = await send({ type: 'ADD_ITEM', line: beef });
    expect(basketStatusOf(snapshot)).toBe(1);
    // What the customer entered is kept, so the later steps are quick to pass again.
    expect(snapshot.context.contact).toEqual(contact);
    expect(redirectForStep(snapshot, '/checkout')).toBe('/basket');
  });

  it('drops back to Items when the order type changes after the basket step', async () => {
    const { send } = startBasket();
    let snapshot = await send(...toCheckout.slice(0, 4));
    expect(basketStatusOf(snapshot)).toBe(4);
    snapshot = await send({ type: 'CHOOSE_ORDER_TYPE', orderType: 2 });
    expect(basketStatusOf(snapshot)).toBe(1);
    snapshot = await send({ type: 'CONFIRM_BASKET' });
    expect(redirectForStep(snapshot, '/contact')).toBe('/delivery');
  });
});

describe('basket statechart: steps', () => {
  it('refuses contact details with a message per field and keeps what was typed', async () => {
    const { send, calls } = startBasket();
    await send(...toCheckout.slice(0, 3));
    const updatesBefore = calls.updates.length;
    const typed = { name: '  ', phone: '12345', email: 'mei@' };
    const snapshot = await send({ type: 'SUBMIT_CONTACT', ...typed });
    expect(basketStatusOf(snapshot)).toBe(2);
    expect(snapshot.context.fieldErrors).toEqual({
      name: contactMessages.nameMissing,
      phone: contactMessages.phoneInvalid,
      email: contactMessages.emailInvalid,
    });
    expect(snapshot.context.drafts.contact).toEqual(typed);
    expect(snapshot.context.contact).toBeUndefined();
    expect(calls.updates).toHaveLength(updatesBefore);

    const accepted = await send({ type: 'SUBMIT_CONTACT', ...contact });
    expect(basketStatusOf(accepted)).toBe(4);
    expect(accepted.context.fieldErrors).toEqual({});
    expect(calls.updates.at(-1)).toMatchObject(contact);
  });

  it('accepts UK phone numbers as people write them, and nothing else', () => {
    for (const phone of ['07700 900123', '07700900123', '+44 7700 900123', '+447700900123', '0113 496 0000', '020 7946 0000', '0300 123 4567', '01632 960000', '(0113) 496-0000', '+44 (0)20 7946 0000']) {
      expect(isUkPhoneNumber(phone), phone).toBe(true);
    }
    for (const phone of ['0770 090 012', '08001234567', '+1 202 555 0100', '7700 900123', '07700 900123 4', 'call me']) {
      expect(isUkPhoneNumber(phone), phone).toBe(false);
    }
    expect(validateContact({ name: '', phone: '', email: '' })).toEqual({
      name: contactMessages.nameMissing,
      phone: contactMessages.phoneMissing,
      email: contactMessages.emailMissing,
    });
    expect(validateContact(contact)).toEqual({});
  });

  it('checks the delivery postcode: unknown and out-of-zone postcodes stay with a message, an in-zone one moves on', async () => {
    const { send, calls } = startBasket();
    let snapshot = await send({ type: 'ADD_ITEM', line: springRolls }, { type: 'CHOOSE_ORDER_TYPE', orderType: 2 }, { type: 'CONFIRM_BASKET' });
    expect(redirectForStep(snapshot, '/contact')).toBe('/delivery');

    snapshot = await send({ type: 'SUBMIT_DELIVERY', ...address, postcode: 'not a postcode' });
    expect(snapshot.context.fieldErrors.postcode).toBe(deliveryMessages.postcodeInvalid);
    expect(calls.checks).toEqual([]);

    snapshot = await send({ type: 'SUBMIT_DELIVERY', ...address, postcode: OUT_OF_ZONE_POSTCODE });
    expect(snapshot.context.fieldErrors.postcode).toBe(deliveryMessages.outOfZone(OUT_OF_ZONE_POSTCODE));
    expect(snapshot.context.drafts.delivery?.postcode).toBe(OUT_OF_ZONE_POSTCODE);
    expect(basketStatusOf(snapshot)).toBe(2);

    snapshot = await send({ type: 'SUBMIT_DELIVERY', ...address });
    expect(calls.checks).toEqual([OUT_OF_ZONE_POSTCODE, IN_ZONE_POSTCODE]);
    expect(basketStatusOf(snapshot)).toBe(3);
    expect(snapshot.context.fieldErrors).toEqual({});
    expect(snapshot.context.delivery).toEqual({ ...address, postcode: IN_ZONE_POSTCODE, deliveryZoneId: 1, deliveryCharge: 2.5, minimumOrderValue: 15 });
    expect(calls.updates.at(-1)).toMatchObject({
      orderType: 2,
      deliveryAddress: { ...address, postcode: IN_ZONE_POSTCODE },
      deliveryZoneId: 1,
      deliveryCharge: 2.5,
    });
    expect(snapshot.context.totals?.deliveryCharge).toBe(2.5);
    expect(redirectForStep(snapshot, '/contact')).toBeUndefined();
    expect(redirectForStep(snapshot, '/orderTime')).toBe('/contact');
  });

  it("shows the server's refusal of a postcode on the postcode field, and a failed check as the basket's error", async () => {
    const { send, failures } = startBasket();
    await send({ type: 'ADD_ITEM', line: springRolls }, { type: 'CHOOSE_ORDER_TYPE', orderType: 2 }, { type: 'CONFIRM_BASKET' });
    failures.check.push(malformedPostcode, noResponse);
    let snapshot = await send({ type: 'SUBMIT_DELIVERY', ...address });
    expect(snapshot.context.fieldErrors.postcode).toBe(deliveryMessages.postcodeInvalid);
    expect(snapshot.context.error).toBeUndefined();
    snapshot = await send({ type: 'SUBMIT_DELIVERY', ...address });
    expect(snapshot.context.fieldErrors).toEqual({});
    expect(snapshot.context.error).toEqual(noResponse);
    expect(basketStatusOf(snapshot)).toBe(2);
    // Not an order update: the customer stays on the delivery step rather than going to /fix-issue.
    expect(needsFix(snapshot)).toBe(false);
  });

  it('takes ASAP or a slot as the order time, refusing a time that is not one', async () => {
    const { send, calls } = startBasket();
    await send(...toCheckout.slice(0, 4));
    let snapshot = await send({ type: 'SUBMIT_TIME', asap: false, requestedTime: 'tonight at 7' });
    expect(snapshot.context.fieldErrors.requestedTime).toBe(timeMessages.requestedTimeMissing);
    expect(basketStatusOf(snapshot)).toBe(4);
    snapshot = await send({ type: 'SUBMIT_TIME', asap: false, requestedTime: '2026-11-24T19:15:00.000Z' });
    expect(snapshot.context.fieldErrors).toEqual({});
    expect(snapshot.context.time).toEqual({ asap: false, requestedTime: '2026-11-24T19:15:00.000Z' });
    expect(basketStatusOf(snapshot)).toBe(5);
    expect(calls.updates.at(-1)).toMatchObject({ asapFlag: false, requestedTime: '2026-11-24T19:15:00.000Z' });
    snapshot = await send({ type: 'SUBMIT_TIME', asap: true });
    expect(calls.updates.at(-1)).toMatchObject({ asapFlag: true, requestedTime: null });
    expect(basketStatusOf(snapshot)).toBe(5);
  });

  it('keeps notes and special requests within what the contract accepts', async () => {
    const { send, calls } = startBasket();
    await send({ type: 'ADD_ITEM', line: springRolls }, { type: 'SET_NOTES', notes: 'Ring the bell' });
    expect(calls.updates.at(-1)?.notes).toBe('Ring the bell');
    const updates = calls.updates.length;
    const snapshot = await send(
      { type: 'SET_NOTES', notes: 'x'.repeat(MAX_NOTES_LENGTH + 1) },
      { type: 'SET_SPECIAL_REQUEST', index: 0, text: 'y'.repeat(MAX_SPECIAL_REQUEST_LENGTH + 1) },
    );
    expect(snapshot.context.fieldErrors.notes).toBe(notesMessages.notesTooLong);
    expect(snapshot.context.notes).toBe('Ring the bell');
    expect(snapshot.context.lines[0]?.specialRequest).toBeUndefined();
    expect(calls.updates).toHaveLength(updates);
  });

  it('confirms a complete order and answers its reference', async () => {
    const { send, calls } = startBasket();
    const atCheckout = await send(...toCheckout);
    expect(canConfirm(atCheckout)).toBe(true);
    const confirmed = await send({ type: 'CONFIRM_ORDER' });
    expect(calls.confirms).toEqual([createdBasket.basketId]);
    expect(basketStatusOf(confirmed)).toBe(7);
    expect(confirmed.context.orderRef).toBe(CONFIRMED_ORDER_REF);
    expect(redirectForStep(confirmed, '/checkout')).toBe('/restaurant-confirmation');
    expect(canConfirm(confirmed)).toBe(false);
  });

  it('keeps the order and asks for /fix-issue when the confirmation fails; RETRY confirms', async () => {
    const { send, failures } = startBasket();
    await send(...toCheckout);
    failures.confirm.push(noResponse);
    const failed = await send({ type: 'CONFIRM_ORDER' });
    expect(needsFix(failed)).toBe(true);
    expect(failed.context.error).toEqual(noResponse);
    expect(basketStatusOf(failed)).toBe(6);
    const retried = await send({ type: 'RETRY' });
    expect(basketStatusOf(retried)).toBe(7);
    expect(needsFix(retried)).toBe(false);
    expect(retried.context.error).toBeUndefined();
  });
});

describe('basket statechart: failures, clearing, persistence', () => {
  it('keeps what the customer entered when an update fails, and asks for /fix-issue until a retry succeeds', async () => {
    const { send, calls, failures } = startBasket();
    await send(...toCheckout.slice(0, 3));
    failures.update.push(refusedUpdate);
    const failed = await send({ type: 'SUBMIT_CONTACT', ...contact });
    expect(needsFix(failed)).toBe(true);
    expect(failed.context.error).toEqual(refusedUpdate);
    expect(failed.context.contact).toEqual(contact);
    expect(basketStatusOf(failed)).toBe(4);
    expect(canConfirm(failed)).toBe(false);

    const retried = await send({ type: 'RETRY' });
    expect(needsFix(retried)).toBe(false);
    expect(retried.context.error).toBeUndefined();
    expect(calls.updates.at(-1)).toMatchObject(contact);
  });

  it('CLEAR resets everything', async () => {
    const { send, actor } = startBasket();
    await send(...toCheckout, { type: 'SET_NOTES', notes: 'Ring the bell' });
    const cleared = await send({ type: 'CLEAR' });
    const fresh = createActor(basketWithServer().machine, { input: { menuVersion: 1, client: { os: 'Linux', osVersion: 'x86_64' } } }).getSnapshot();
    expect(cleared.value).toEqual(fresh.value);
    expect(cleared.context).toEqual(fresh.context);
    expect(basketStatusOf(cleared)).toBe(0);
    expect(redirectForStep(cleared, '/basket')).toBe('/order');
    actor.stop();
  });

  it('round-trips through storage: the restored basket has the same status and lines', async () => {
    const { send, actor } = startBasket();
    await send(...toCheckout.slice(0, 4));
    const memory = new Map<string, string>();
    const storage = createBasketStorage({
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
      removeItem: (key) => void memory.delete(key),
    });
    storage.save(actor.getPersistedSnapshot());
    actor.stop();
    expect([...memory.keys()]).toEqual([BASKET_STORAGE_KEY]);

    const saved = restorableBasketSnapshot(storage.load());
    expect(saved).toBeDefined();
    const restored = createActor(basketWithServer().machine, { snapshot: saved!, input: {} }).start();
    expect(basketStatusOf(restored.getSnapshot())).toBe(4);
    expect(restored.getSnapshot().context.lines).toEqual(actor.getSnapshot().context.lines);
    expect(restored.getSnapshot().context.contact).toEqual(contact);
    expect(redirectForStep(restored.getSnapshot(), '/orderTime')).toBeUndefined();
    restored.stop();
  });

  it('discards a corrupt or old-shaped saved basket', () => {
    expect(restorableBasketSnapshot(undefined)).toBeUndefined();
    expect(restorableBasketSnapshot('{"status":')).toBeUndefined();
    const { actor } = startBasket();
    const good = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
    expect(restorableBasketSnapshot(good)).toBeDefined();
    expect(restorableBasketSnapshot({ ...good, value: { journey: 'paying', sync: 'idle', deliveryCheck: 'idle' } })).toBeUndefined();
    expect(restorableBasketSnapshot({ ...good, value: 'basket' })).toBeUndefined();
    expect(restorableBasketSnapshot({ ...good, context: { ...good.context, lines: [{ itemId: 'eleven' }] } })).toBeUndefined();
    const { saveQueued: _, ...olderContext } = good.context;
    expect(restorableBasketSnapshot({ ...good, context: olderContext })).toBeUndefined();
    // In flight without its call: restoring it would wait for an answer that never comes.
    expect(restorableBasketSnapshot({ ...good, value: { ...good.value, sync: 'saving' } })).toBeUndefined();

    const memory = new Map([[BASKET_STORAGE_KEY, '{not json']]);
    const storage = createBasketStorage({ getItem: (key) => memory.get(key) ?? null, setItem: () => {}, removeItem: () => {} });
    expect(storage.load()).toBeUndefined();
    actor.stop();
  });

  it('revalidates a basket saved under an older menu: vanished items are removed and named, then the order is saved', async () => {
    const { send, calls } = startBasket();
    await send({ type: 'ADD_ITEM', line: springRolls }, { type: 'ADD_ITEM', line: halfDuck }, { type: 'ADD_ITEM', line: beef }, { type: 'CHOOSE_ORDER_TYPE', orderType: 1 }, { type: 'CONFIRM_BASKET' });
    const revalidated = await send({ type: 'MENU_CHANGED', menu: menuVersion2 });
    expect(revalidated.context.lines.map((line) => line.itemId)).toEqual([11]);
    expect(revalidated.context.removedItems).toEqual(['Crispy Aromatic Duck (Half)', 'Beef in Black Bean Sauce']);
    expect(revalidated.context.menuVersion).toBe(2);
    expect(basketStatusOf(revalidated)).toBe(1);
    expect(calls.updates.at(-1)).toMatchObject({ menuVersion: 2, orderItems: [expect.objectContaining({ itemId: 11 })] });

    const dismissed = await send({ type: 'DISMISS_REMOVED_ITEMS' });
    expect(dismissed.context.removedItems).toEqual([]);
    const updates = calls.updates.length;
    await send({ type: 'MENU_CHANGED', menu: menuVersion2 });
    expect(calls.updates).toHaveLength(updates);
  });

  it('revalidateLines keeps what the menu still offers', () => {
    const lines = [springRolls, halfDuck, beef].map((line) => ({ ...line, lineCost: line.itemCost }));
    expect(revalidateLines(lines, menuVersion1)).toEqual({ lines, removedItems: [] });
    expect(revalidateLines(lines, menuVersion2)).toEqual({ lines: [lines[0]], removedItems: ['Crispy Aromatic Duck (Half)', 'Beef in Black Bean Sauce'] });
    expect(normalisePostcode(' ls62ab ')).toBe(IN_ZONE_POSTCODE);
  });
});
