import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import type { ApiError } from '../../src/domain/apiErrors';
import { createBasketStorage, BASKET_STORAGE_KEY } from '../../src/platform/basketStorage';
import {
  basketMachine,
  basketStatusOf,
  canConfirm,
  isRebuilding,
  needsFix,
  redirectForStep,
  type BasketEvent,
  type ConfirmInput,
  type CreatedBasket,
  type DeliveryCheck,
  type OrderUpdate,
  type PricedOrder,
  type RebuiltOrder,
  type RebuildInput,
  type StepDoneEvent,
} from '../../machines/basket/basketMachine';
import { basketRefusal } from '../../machines/basket/basketMinimums';
import { cashOfferFor, paymentTypesOffered } from '../../machines/basket/basketPayment';
import type { OrderMinimumSettings } from '../../src/domain/orderMinimums';
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
import { voucherDayAt, voucherDayOffer } from '../../machines/basket/basketVouchers';
import { cashTooLargeMessageOf, NO_BASKET } from '../../machines/orderJourney/journeyFacts';
import {
  confirmBasket,
  NO_MINIMUMS,
  BAG_CHARGE,
  CONFIRMED_ORDER_REF,
  createdBasket,
  CUSTOMER_SUB,
  deliveryCheckOf,
  fixedVoucher,
  foreignVoucher,
  fridayVoucher,
  heldVouchers,
  orderNotFound,
  OTHER_CUSTOMER_SUB,
  pointsVoucher,
  PREVIOUS_ORDER_ID,
  rebuiltEmptyOrder,
  rebuiltOrder,
  refusedVoucher,
  IN_ZONE_POSTCODE,
  malformedPostcode,
  menuVersion1,
  menuVersion2,
  noResponse,
  OUT_OF_ZONE_POSTCODE,
  pricedOrder,
  refusedUpdate,
  publishedPrices,
  serverMenus,
} from './basketServerAnswers';

/** London's Friday: every voucher of these tests may be added, the day-limited one included. */
const FRIDAY = 5;
const springRolls: NewBasketLine = { categoryId: 1, itemId: 11, title: 'Spring Rolls', quantity: 1, itemCost: 3.5 };
const quarterDuck: NewBasketLine = { categoryId: 1, itemId: 12, configId: 121, configOption: 'Quarter', title: 'Crispy Aromatic Duck', quantity: 1, itemCost: 9.8 };
const halfDuck: NewBasketLine = { categoryId: 1, itemId: 12, configId: 122, configOption: 'Half', title: 'Crispy Aromatic Duck', quantity: 1, itemCost: 17.8 };
const beef: NewBasketLine = { categoryId: 2, itemId: 22, title: 'Beef in Black Bean Sauce', quantity: 1, itemCost: 7.8 };
const contact = { name: 'Mei Chen', phone: '07700 900123', email: 'mei@example.com' };
const address = { address1: '12 Cardigan Road', address2: '', town: 'Leeds', postcode: 'ls6 2ab' };

/**
 * The basket with actors answering as the server would; a test can make a call fail. `caller` is who the API client
 * would send the update as (the signed-in customer's token, or none).
 */
function basketWithServer() {
  const failures = { update: [] as ApiError[], confirm: [] as ApiError[], create: [] as ApiError[], check: [] as ApiError[], rebuild: [] as ApiError[] };
  const calls = { create: 0, updates: [] as OrderUpdate[], checks: [] as string[], confirms: [] as ConfirmInput[], rebuilds: [] as string[] };
  const caller = { signedIn: false };
  const rebuildAnswers: RebuiltOrder[] = [];
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
        return pricedOrder(input, caller);
      }),
      checkDelivery: fromPromise<DeliveryCheck, { postcode: string }>(async ({ input }) => {
        calls.checks.push(input.postcode);
        const failure = failures.check.shift();
        if (failure) throw failure;
        return deliveryCheckOf(input.postcode);
      }),
      confirmOrder: fromPromise<{ orderRef: string }, ConfirmInput>(async ({ input }) => {
        calls.confirms.push(input);
        const failure = failures.confirm.shift();
        if (failure) throw failure;
        return { orderRef: CONFIRMED_ORDER_REF };
      }),
      rebuildOrder: fromPromise<RebuiltOrder, RebuildInput>(async ({ input }) => {
        calls.rebuilds.push(input.orderId);
        const failure = failures.rebuild.shift();
        if (failure) throw failure;
        return rebuildAnswers.shift() ?? rebuiltOrder;
      }),
    },
  });
  return { machine, calls, failures, caller, rebuildAnswers };
}

function settle(actor: ActorRefFrom<typeof basketMachine>) {
  return waitFor(actor, (snapshot) => !snapshot.hasTag('busy'), { timeout: 1000 });
}

function startBasket() {
  const { machine, calls, failures, caller, rebuildAnswers } = basketWithServer();
  const actor = createActor(machine, { input: { menuVersion: 1, client: { os: 'Linux', osVersion: 'x86_64' }, minimums: NO_MINIMUMS } }).start();
  const send = async (...events: BasketEvent[]) => {
    for (const event of events) {
      actor.send(event);
      await settle(actor);
    }
    return actor.getSnapshot();
  };
  /** As src/actors/customerBasket.ts does when the auth state changes: the token goes with the calls, the basket is told. */
  const signInAs = (sub: string | undefined) => {
    caller.signedIn = sub !== undefined;
    return send({ type: 'CUSTOMER_CHANGED', ...(sub === undefined ? {} : { sub }) });
  };
  return { actor, calls, failures, send, signInAs, rebuildAnswers };
}

const toCheckout: BasketEvent[] = [
  { type: 'ADD_ITEM', line: springRolls },
  { type: 'CHOOSE_ORDER_TYPE', orderType: 1 },
  confirmBasket,
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
    snapshot = await send(confirmBasket);
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
    let snapshot = await send({ type: 'ADD_ITEM', line: springRolls }, { type: 'CHOOSE_ORDER_TYPE', orderType: 2 }, confirmBasket);
    expect(redirectForStep(snapshot, '/contact')).toBe('/delivery');

    snapshot = await send({ type: 'SUBMIT_DELIVERY', ...address, postcode: 'not a postcode' });
    expect(snapshot.context.fieldErrors.postcode).toBe(deliveryMessages.postcodeInvalid);
    expect(calls.checks).toEqual([]);

    snapshot = await send({ type: 'SUBMIT_DELIVERY', ...address, postcode: OUT_OF_ZONE_POSTCODE });
    expect(snapshot.context.fieldErrors.postcode).toBe(deliveryMessages.outOfZone(OUT_OF_ZONE_POSTCODE));
    expect(snapshot.context.drafts.delivery?.postcode).toBe(OUT_OF_ZONE_POSTCODE);
    expect(basketStatusOf(snapshot)).toBe(2);

    // A restaurant that takes no collection orders does not suggest collecting instead.
    snapshot = await send({ type: 'SETTINGS', minimums: { ...NO_MINIMUMS, allowCollection: false } }, { type: 'SUBMIT_DELIVERY', ...address, postcode: OUT_OF_ZONE_POSTCODE });
    expect(snapshot.context.fieldErrors.postcode).toBe(`Sorry, we do not deliver to ${OUT_OF_ZONE_POSTCODE}`);
    await send({ type: 'SETTINGS', minimums: NO_MINIMUMS });

    snapshot = await send({ type: 'SUBMIT_DELIVERY', ...address });
    expect(calls.checks).toEqual([OUT_OF_ZONE_POSTCODE, OUT_OF_ZONE_POSTCODE, IN_ZONE_POSTCODE]);
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
    await send({ type: 'ADD_ITEM', line: springRolls }, { type: 'CHOOSE_ORDER_TYPE', orderType: 2 }, confirmBasket);
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
    expect(calls.confirms).toEqual([{ basketId: createdBasket.basketId, authenticated: false }]);
    expect(basketStatusOf(confirmed)).toBe(7);
    expect(confirmed.context.orderRef).toBe(CONFIRMED_ORDER_REF);
    expect(redirectForStep(confirmed, '/checkout')).toBe('/restaurant-confirmation');
    expect(canConfirm(confirmed)).toBe(false);
  });

  it('names a price the server changed (a menu published meanwhile) line by line, and places nothing until it is acknowledged', async () => {
    const { send, calls } = startBasket();
    await send(...toCheckout.slice(0, -1));
    publishedPrices.set(11, 3.7);
    try {
      const repriced = await send({ type: 'CHOOSE_PAYMENT', paymentType: 1 });
      expect(repriced.context.lines[0]).toMatchObject({ itemCost: 3.7, lineCost: 3.7 });
      expect(repriced.context.repricedItems).toEqual(['Spring Rolls: was £3.50, now £3.70']);
      expect(canConfirm(repriced)).toBe(false);
      expect(repriced.can({ type: 'CONFIRM_ORDER' })).toBe(false);
      await send({ type: 'CONFIRM_ORDER' });
      expect(calls.confirms).toEqual([]);
      const acknowledged = await send({ type: 'DISMISS_REMOVED_ITEMS' });
      expect(canConfirm(acknowledged)).toBe(true);
      // Priced again at the same price: nothing new to tell.
      expect((await send({ type: 'SET_NOTES', notes: 'Ring the bell' })).context.repricedItems).toEqual([]);
      expect(basketStatusOf(await send({ type: 'CONFIRM_ORDER' }))).toBe(7);
    } finally {
      publishedPrices.clear();
    }
  });

  it('keeps the online way chosen at checkout (PayPal or card) for /payment, and across a step back', async () => {
    const { send } = startBasket();
    const withCard = await send(...toCheckout.slice(0, -1), { type: 'CHOOSE_PAYMENT', paymentType: 2, onlineFunding: 'card' });
    expect(withCard.context.onlineFunding).toBe('card');
    // The checkout opening again re-offers the ways to pay: the card stays chosen.
    const reopened = await send({ type: 'OFFER_PAYMENT_TYPES', paymentTypes: [1, 2] });
    expect(reopened.context).toMatchObject({ paymentType: 2, onlineFunding: 'card' });
    expect((await send({ type: 'CHOOSE_PAYMENT', paymentType: 2, onlineFunding: 'paypal' })).context.onlineFunding).toBe('paypal');
  });

  it('sends an order paid online to /payment without confirming it, and confirms it once paid (ORDER_PAID)', async () => {
    const { actor, send, calls } = startBasket();
    const done = stepsDone(actor);
    await send(...toCheckout, { type: 'CHOOSE_PAYMENT', paymentType: 2 });
    const atPayment = await send({ type: 'CONFIRM_ORDER' });
    expect(calls.confirms).toEqual([]);
    expect(basketStatusOf(atPayment)).toBe(6);
    expect(done.at(-1)).toEqual({ type: 'journey.stepDone', step: 'checkout' });
    expect(redirectForStep(atPayment, '/payment')).toBeUndefined();
    const paid = await send({ type: 'ORDER_PAID', orderRef: CONFIRMED_ORDER_REF });
    expect(calls.confirms).toEqual([]);
    expect(basketStatusOf(paid)).toBe(7);
    expect(paid.context.orderRef).toBe(CONFIRMED_ORDER_REF);
    expect(done.at(-1)).toEqual({ type: 'journey.stepDone', step: 'payment' });
  });

  it('ignores ORDER_PAID for an order paid in cash', async () => {
    const { send } = startBasket();
    await send(...toCheckout);
    const snapshot = await send({ type: 'ORDER_PAID', orderRef: CONFIRMED_ORDER_REF });
    expect(basketStatusOf(snapshot)).toBe(6);
    expect(snapshot.context.orderRef).toBeUndefined();
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

describe('basket statechart: a signed-in customer', () => {
  const addFixed: BasketEvent = { type: 'ADD_VOUCHER', voucher: fixedVoucher, held: heldVouchers, dayOfWeek: FRIDAY };

  it('is priced again for the customer who signs in, and only once for the same customer', async () => {
    const { send, signInAs, calls } = startBasket();
    let snapshot = await send({ type: 'ADD_ITEM', line: springRolls }, { type: 'ADD_ITEM', line: beef });
    expect(snapshot.context.totals).toMatchObject({ orignalItemCost: 11.3, discount: 0, profileDiscountValue: 0 });
    const updates = calls.updates.length;

    snapshot = await signInAs(CUSTOMER_SUB);
    expect(snapshot.context.customerSub).toBe(CUSTOMER_SUB);
    expect(calls.updates).toHaveLength(updates + 1);
    // The server's figures: 10 % of £11.30 is £1.13.
    expect(snapshot.context.totals).toMatchObject({ orignalItemCost: 11.3, discount: 10, profileDiscountValue: 1.13, discountValue: 1.13, itemCost: 10.17 });

    await signInAs(CUSTOMER_SUB);
    expect(calls.updates).toHaveLength(updates + 1);
  });

  it('remembers a customer who signs in before there is a basket, without an update', async () => {
    const { signInAs, send, calls } = startBasket();
    const snapshot = await signInAs(CUSTOMER_SUB);
    expect(snapshot.context.customerSub).toBe(CUSTOMER_SUB);
    expect(calls.updates).toEqual([]);
    const priced = await send({ type: 'ADD_ITEM', line: springRolls });
    expect(priced.context.totals?.profileDiscountValue).toBe(0.35);
  });

  it("adds a held voucher, sends it, and shows the server's price for it", async () => {
    const { send, signInAs, calls } = startBasket();
    await send({ type: 'ADD_ITEM', line: springRolls }, { type: 'ADD_ITEM', line: beef });
    await signInAs(CUSTOMER_SUB);
    const snapshot = await send(addFixed);
    expect(calls.updates.at(-1)?.voucherItems.map((voucher) => voucher.voucherId)).toEqual([fixedVoucher.voucherId]);
    expect(snapshot.context.voucherItems).toEqual([
      { voucherId: 31, voucherType: 1, title: '£3 off your order', percDiscount: 0, quantity: 1, itemCost: -3, lineCost: -3 },
    ]);
    expect(snapshot.context.totals).toMatchObject({ profileDiscountValue: 1.13, discountValue: 4.13, itemCost: 7.17, totalCost: 7.27 });
  });

  it('refuses a voucher not in the lists, one already on the order, and any voucher for a guest (SPEC §5, §6)', async () => {
    const { send, signInAs, calls } = startBasket();
    await send({ type: 'ADD_ITEM', line: springRolls });
    let updates = calls.updates.length;
    let snapshot = await send(addFixed);
    expect(snapshot.context.voucherItems).toEqual([]);
    expect(calls.updates).toHaveLength(updates);

    await signInAs(CUSTOMER_SUB);
    updates = calls.updates.length;
    snapshot = await send({ type: 'ADD_VOUCHER', voucher: foreignVoucher, held: heldVouchers, dayOfWeek: FRIDAY });
    expect(snapshot.context.voucherItems).toEqual([]);
    expect(calls.updates).toHaveLength(updates);

    snapshot = await send(addFixed, addFixed);
    expect(snapshot.context.voucherItems.map((voucher) => voucher.voucherId)).toEqual([fixedVoucher.voucherId]);
    expect(calls.updates).toHaveLength(updates + 1);
  });

  it('removes a voucher only when its position matches (SPEC §5)', async () => {
    const { send, signInAs, calls } = startBasket();
    await send({ type: 'ADD_ITEM', line: springRolls });
    await signInAs(CUSTOMER_SUB);
    await send(addFixed, { type: 'ADD_VOUCHER', voucher: pointsVoucher, held: heldVouchers, dayOfWeek: FRIDAY });
    const updates = calls.updates.length;

    let snapshot = await send(
      { type: 'REMOVE_VOUCHER', index: 0, voucherId: pointsVoucher.voucherId },
      { type: 'REMOVE_VOUCHER', index: 2, voucherId: pointsVoucher.voucherId },
    );
    expect(snapshot.context.voucherItems.map((voucher) => voucher.voucherId)).toEqual([31, 32]);
    expect(calls.updates).toHaveLength(updates);

    snapshot = await send({ type: 'REMOVE_VOUCHER', index: 1, voucherId: pointsVoucher.voucherId });
    expect(snapshot.context.voucherItems.map((voucher) => voucher.voucherId)).toEqual([31]);
    expect(calls.updates.at(-1)?.voucherItems.map((voucher) => voucher.voucherId)).toEqual([31]);
  });

  it("clears the vouchers when the customer signs out or another signs in, and the server prices the basket again (SPEC §4)", async () => {
    const { send, signInAs, calls } = startBasket();
    await send({ type: 'ADD_ITEM', line: springRolls });
    await signInAs(CUSTOMER_SUB);
    await send(addFixed);

    let snapshot = await signInAs(undefined);
    expect(snapshot.context.customerSub).toBeUndefined();
    expect(snapshot.context.voucherItems).toEqual([]);
    expect(calls.updates.at(-1)?.voucherItems).toEqual([]);
    expect(snapshot.context.totals).toMatchObject({ discount: 0, discountValue: 0, profileDiscountValue: 0 });

    await signInAs(CUSTOMER_SUB);
    await send(addFixed);
    const updates = calls.updates.length;
    snapshot = await signInAs(OTHER_CUSTOMER_SUB);
    expect(snapshot.context.customerSub).toBe(OTHER_CUSTOMER_SUB);
    expect(snapshot.context.voucherItems).toEqual([]);
    expect(calls.updates).toHaveLength(updates + 1);
    expect(calls.updates.at(-1)?.voucherItems).toEqual([]);
  });

  it('adds a day-limited voucher only on its day in London: "15% off on Fridays" is not applied on a Sunday', async () => {
    const { send, signInAs, calls } = startBasket();
    await send({ type: 'ADD_ITEM', line: springRolls });
    await signInAs(CUSTOMER_SUB);
    const onSunday: BasketEvent = { type: 'ADD_VOUCHER', voucher: fridayVoucher, held: heldVouchers, dayOfWeek: 0 };
    const updatesBefore = calls.updates.length;
    let snapshot = await send(onSunday);
    expect(snapshot.context.voucherItems).toEqual([]);
    expect(calls.updates).toHaveLength(updatesBefore);
    snapshot = await send({ ...onSunday, dayOfWeek: FRIDAY });
    expect(snapshot.context.voucherItems.map((voucher) => voucher.voucherId)).toEqual([fridayVoucher.voucherId]);
  });

  it('offers a day-limited voucher as the guard decides: its days, and whether it takes off today (voucherDayOffer)', () => {
    expect(voucherDayOffer(fridayVoucher, 0)).toEqual({ days: 'Fridays', usableToday: false });
    expect(voucherDayOffer(fridayVoucher, FRIDAY)).toEqual({ days: 'Fridays', usableToday: true });
    expect(voucherDayOffer(fixedVoucher, 0)).toEqual({ usableToday: true });
    // London's day: 23:30 on a Thursday in UTC is already Friday in London in summer time.
    expect(voucherDayAt(new Date('2026-07-02T23:30:00Z'))).toBe(FRIDAY);
    expect(voucherDayAt(new Date('2026-12-03T23:30:00Z'))).toBe(4);
  });

  it("takes a voucher the server refuses off the order with the server's reason, and saves the rest", async () => {
    const { send, signInAs, calls, failures } = startBasket();
    await send({ type: 'ADD_ITEM', line: springRolls });
    await signInAs(CUSTOMER_SUB);
    await send(addFixed);
    failures.update.push(refusedVoucher(1));
    const snapshot = await send({ type: 'ADD_VOUCHER', voucher: fridayVoucher, held: heldVouchers, dayOfWeek: FRIDAY });
    expect(snapshot.context.voucherItems.map((voucher) => voucher.voucherId)).toEqual([fixedVoucher.voucherId]);
    expect(snapshot.context.fieldErrors.voucher).toBe('Friday 15% off: can be used only on a Friday');
    expect(calls.updates.at(-1)?.voucherItems.map((voucher) => voucher.voucherId)).toEqual([fixedVoucher.voucherId]);
    expect(needsFix(snapshot)).toBe(false);
    expect(snapshot.context.error).toBeUndefined();

    const removed = await send({ type: 'REMOVE_VOUCHER', index: 0, voucherId: fixedVoucher.voucherId });
    expect(removed.context.fieldErrors.voucher).toBeUndefined();
  });

  it('confirms with confirmAuth only while a customer is signed in (SPEC §6)', async () => {
    const signedIn = startBasket();
    await signedIn.signInAs(CUSTOMER_SUB);
    await signedIn.send(...toCheckout, { type: 'CONFIRM_ORDER' });
    expect(signedIn.calls.confirms).toEqual([{ basketId: createdBasket.basketId, authenticated: true }]);

    const signedOut = startBasket();
    await signedOut.signInAs(CUSTOMER_SUB);
    await signedOut.send(...toCheckout);
    await signedOut.signInAs(undefined);
    await signedOut.send({ type: 'CONFIRM_ORDER' });
    expect(signedOut.calls.confirms).toEqual([{ basketId: createdBasket.basketId, authenticated: false }]);
  });

  it('prices the basket again when a confirmation is refused, keeping the reason for /fix-issue until the retry', async () => {
    const { send, signInAs, calls, failures } = startBasket();
    await signInAs(CUSTOMER_SUB);
    await send(...toCheckout);
    const updates = calls.updates.length;
    const refusal: ApiError = { status: 400, message: 'Your discounts have changed: please review your basket', validationErrors: [] };
    failures.confirm.push(refusal);
    const failed = await send({ type: 'CONFIRM_ORDER' });
    expect(calls.updates).toHaveLength(updates + 1);
    expect(needsFix(failed)).toBe(true);
    expect(failed.context.error).toEqual(refusal);
    const retried = await send({ type: 'RETRY' });
    expect(calls.confirms).toEqual([
      { basketId: createdBasket.basketId, authenticated: true },
      { basketId: createdBasket.basketId, authenticated: true },
    ]);
    expect(basketStatusOf(retried)).toBe(7);
    expect(retried.context.error).toBeUndefined();
  });

  it("fills the contact form with the customer's details where nothing is typed, and never overwrites", async () => {
    const { send } = startBasket();
    const account = { name: 'Mei Chen', phone: '07700 900123', email: 'mei@example.com' };
    let snapshot = await send({ type: 'PREFILL_CONTACT', ...account });
    expect(snapshot.context.drafts.contact).toEqual(account);

    snapshot = await send(
      { type: 'ADD_ITEM', line: springRolls },
      { type: 'CHOOSE_ORDER_TYPE', orderType: 1 },
      confirmBasket,
      { type: 'SUBMIT_CONTACT', name: 'Mei', phone: '', email: '' },
      { type: 'PREFILL_CONTACT', ...account, phone: '0113 496 0000' },
    );
    expect(snapshot.context.drafts.contact).toEqual({ name: 'Mei', phone: '0113 496 0000', email: 'mei@example.com' });
    expect(snapshot.context.contact).toBeUndefined();
  });

  it('empties the details filled in from the account when the customer signs out, keeping what was typed', async () => {
    const { send, signInAs } = startBasket();
    await signInAs(CUSTOMER_SUB);
    const account = { name: 'Mei Chen', phone: '07700 900123', email: 'mei@example.com' };
    await send({ type: 'PREFILL_CONTACT', ...account }, { type: 'ADD_ITEM', line: springRolls }, { type: 'CHOOSE_ORDER_TYPE', orderType: 1 }, confirmBasket);
    await send({ type: 'SUBMIT_CONTACT', ...account, phone: '' });
    const snapshot = await signInAs(undefined);
    expect(snapshot.context.drafts.contact).toEqual({ name: '', phone: '', email: '' });
    expect(snapshot.context.customerDetails).toBeUndefined();

    await send({ type: 'SUBMIT_CONTACT', name: 'Alex', phone: '', email: '' });
    await signInAs(CUSTOMER_SUB);
    const filled = await send({ type: 'PREFILL_CONTACT', ...account });
    expect(filled.context.drafts.contact).toEqual({ name: 'Alex', phone: account.phone, email: account.email });
    expect((await signInAs(undefined)).context.drafts.contact).toEqual({ name: 'Alex', phone: '', email: '' });
  });

  it('shows a chosen address in the delivery form', async () => {
    const { send } = startBasket();
    const saved = { address1: '8 Headingley Lane', address2: 'Flat 2', town: 'Leeds', postcode: 'LS6 1BN' };
    const snapshot = await send({ type: 'PREFILL_DELIVERY', address: saved });
    expect(snapshot.context.drafts.delivery).toEqual(saved);
    expect(snapshot.context.delivery).toBeUndefined();
  });

  describe('the time the order-time step shows (OFFER_TIMES, PICK_TIME)', () => {
    const FIRST = '2026-12-01T17:30:00.000Z';
    const SECOND = '2026-12-01T17:45:00.000Z';
    const open = { asapAvailable: true, slots: [FIRST, SECOND] };
    const closed = { asapAvailable: false, slots: [FIRST, SECOND] };

    it('opens with as soon as possible while it is offered, otherwise the first time offered', async () => {
      const { send } = startBasket();
      expect((await send({ type: 'OFFER_TIMES', offered: open })).context.drafts.time).toEqual({ asap: true });
      const { send: sendClosed } = startBasket();
      expect((await sendClosed({ type: 'OFFER_TIMES', offered: closed })).context.drafts.time).toEqual({ asap: false, requestedTime: FIRST });
    });

    it('shows what the customer picks, keeps it while it is offered, and ignores a time not offered', async () => {
      const { send } = startBasket();
      await send({ type: 'OFFER_TIMES', offered: open });
      expect((await send({ type: 'PICK_TIME', asap: false })).context.drafts.time).toEqual({ asap: false, requestedTime: FIRST });
      expect((await send({ type: 'PICK_TIME', asap: false, requestedTime: SECOND })).context.drafts.time).toEqual({ asap: false, requestedTime: SECOND });
      expect((await send({ type: 'PICK_TIME', asap: false, requestedTime: '2026-12-01T03:00:00.000Z' })).context.drafts.time).toEqual({
        asap: false,
        requestedTime: SECOND,
      });
      expect((await send({ type: 'OFFER_TIMES', offered: open })).context.drafts.time).toEqual({ asap: false, requestedTime: SECOND });
      expect((await send({ type: 'OFFER_TIMES', offered: { asapAvailable: true, slots: [FIRST] } })).context.drafts.time).toEqual({ asap: true });
    });

    it('opens with the time chosen for the order while it is still offered', async () => {
      const { send: again } = startBasket();
      await again(...toCheckout.slice(0, 4), { type: 'SUBMIT_TIME', asap: false, requestedTime: SECOND });
      expect((await again({ type: 'OFFER_TIMES', offered: open })).context.drafts.time).toEqual({ asap: false, requestedTime: SECOND });
      expect((await again({ type: 'OFFER_TIMES', offered: closed })).context.drafts.time).toEqual({ asap: false, requestedTime: SECOND });
    });

    it('takes no pick before the times are offered, and forgets the times with the order', async () => {
      const { send } = startBasket();
      expect((await send({ type: 'PICK_TIME', asap: true })).context.drafts.time).toBeUndefined();
      await send({ type: 'OFFER_TIMES', offered: open });
      const cleared = await send({ type: 'CLEAR' });
      expect(cleared.context.drafts.time).toBeUndefined();
      expect(cleared.context.offeredTimes).toBeUndefined();
    });
  });

  describe('the first saved address (SAVED_ADDRESSES)', () => {
    const home = { address1: '8 Headingley Lane', address2: 'Flat 2', town: 'Leeds', postcode: 'LS6 1BN' };
    const work = { address1: '1 Park Row', address2: '', town: 'Leeds', postcode: 'LS1 5AB' };

    it('fills the delivery form of an order with no address yet with the first', async () => {
      const { send } = startBasket();
      const snapshot = await send({ type: 'SAVED_ADDRESSES', addresses: [home, work] });
      expect(snapshot.context.drafts.delivery).toEqual(home);
      expect((await send({ type: 'SAVED_ADDRESSES', addresses: [] })).context.drafts.delivery).toEqual(home);
    });

    it('leaves an address typed or chosen before the account loaded', async () => {
      const { send } = startBasket();
      await send({ type: 'PREFILL_DELIVERY', address: work });
      expect((await send({ type: 'SAVED_ADDRESSES', addresses: [home] })).context.drafts.delivery).toEqual(work);
    });

    it('fills the next order again after the order is cleared, and goes with a customer who signs out', async () => {
      const { send, signInAs } = startBasket();
      await signInAs(CUSTOMER_SUB);
      await send({ type: 'SAVED_ADDRESSES', addresses: [home] }, { type: 'PREFILL_DELIVERY', address: work });
      expect((await send({ type: 'CLEAR' })).context.drafts.delivery).toEqual(home);
      expect((await signInAs(undefined)).context.drafts.delivery).toBeUndefined();
      expect((await send({ type: 'CLEAR' })).context.drafts.delivery).toBeUndefined();
    });

    it('keeps an address typed over the filled one when the customer signs out', async () => {
      const { send, signInAs } = startBasket();
      await signInAs(CUSTOMER_SUB);
      await send({ type: 'SAVED_ADDRESSES', addresses: [home] }, { type: 'PREFILL_DELIVERY', address: work });
      expect((await signInAs(undefined)).context.drafts.delivery).toEqual(work);
    });
  });

  it('keeps the customer and their details when the order is cleared', async () => {
    const { send, signInAs } = startBasket();
    const account = { name: 'Mei Chen', phone: '07700 900123', email: 'mei@example.com' };
    await signInAs(CUSTOMER_SUB);
    await send({ type: 'PREFILL_CONTACT', ...account }, ...toCheckout, addFixed);
    const cleared = await send({ type: 'CLEAR' });
    expect(cleared.context.customerSub).toBe(CUSTOMER_SUB);
    expect(cleared.context.voucherItems).toEqual([]);
    expect(cleared.context.contact).toBeUndefined();
    expect(cleared.context.drafts).toEqual({ contact: account });
  });
});

describe('basket statechart: order again', () => {
  it('does nothing without an order id (SPEC §5)', async () => {
    const { send, calls } = startBasket();
    const snapshot = await send({ type: 'REBUILD_ORDER', orderId: '', from: 'account' }, { type: 'REBUILD_ORDER', orderId: '  ', from: 'account' });
    expect(calls.rebuilds).toEqual([]);
    expect(isRebuilding(snapshot)).toBe(false);
  });

  it("replaces the basket with the previous order's items, names the ones gone, and prices it for the customer", async () => {
    const { actor, send, signInAs, calls } = startBasket();
    await signInAs(CUSTOMER_SUB);
    await send(...toCheckout, { type: 'ADD_VOUCHER', voucher: fixedVoucher, held: heldVouchers, dayOfWeek: FRIDAY });
    actor.send({ type: 'REBUILD_ORDER', orderId: PREVIOUS_ORDER_ID, from: 'account' });
    expect(isRebuilding(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(canConfirm(actor.getSnapshot())).toBe(false);
    const snapshot = await settle(actor);

    expect(calls.rebuilds).toEqual([PREVIOUS_ORDER_ID]);
    expect(isRebuilding(snapshot)).toBe(false);
    expect(snapshot.context.basketId).toBe(rebuiltOrder.basketId);
    expect(snapshot.context.orderBuilderRef).toBe(rebuiltOrder.orderBuilderRef);
    expect(snapshot.context.lines.map((line) => `${line.itemId}×${line.quantity}`)).toEqual(['11×2', '21×1']);
    expect(snapshot.context.removedItems).toEqual(['Beef in Black Bean Sauce']);
    expect(snapshot.context.orderType).toBe(0);
    expect(snapshot.context.voucherItems).toEqual([]);
    expect(snapshot.context.contact).toBeUndefined();
    expect(snapshot.context.customerSub).toBe(CUSTOMER_SUB);
    expect(basketStatusOf(snapshot)).toBe(1);
    expect(redirectForStep(snapshot, '/basket')).toBeUndefined();
    expect(calls.updates.at(-1)).toMatchObject({ basketId: rebuiltOrder.basketId, orderType: 0, voucherItems: [] });
    // 10 % of £14.20.
    expect(snapshot.context.totals).toMatchObject({ orignalItemCost: 14.2, profileDiscountValue: 1.42 });
  });

  it("drops the old basket's update still in flight: the rebuilt basket is what is saved and shown", async () => {
    const { actor, send, calls } = startBasket();
    await send({ type: 'ADD_ITEM', line: springRolls });
    actor.send({ type: 'ADD_ITEM', line: beef });
    expect(actor.getSnapshot().matches({ sync: 'saving' })).toBe(true);
    actor.send({ type: 'REBUILD_ORDER', orderId: PREVIOUS_ORDER_ID, from: 'account' });
    const snapshot = await settle(actor);
    expect(snapshot.context.lines.map((line) => line.itemId)).toEqual([11, 21]);
    expect(calls.updates.at(-1)?.basketId).toBe(rebuiltOrder.basketId);
    expect(snapshot.context.totals?.orignalItemCost).toBe(14.2);
  });

  it('starts an empty basket when nothing of the previous order is on the menu', async () => {
    const { send, rebuildAnswers } = startBasket();
    rebuildAnswers.push(rebuiltEmptyOrder);
    const snapshot = await send({ type: 'ADD_ITEM', line: springRolls }, { type: 'REBUILD_ORDER', orderId: PREVIOUS_ORDER_ID, from: 'account' });
    expect(snapshot.context.basketId).toBe(rebuiltEmptyOrder.basketId);
    expect(snapshot.context.lines).toEqual([]);
    expect(snapshot.context.removedItems).toEqual(['Beef in Black Bean Sauce']);
    expect(basketStatusOf(snapshot)).toBe(0);
  });

  it('keeps the basket as it was when the rebuild fails, with the error and without /fix-issue', async () => {
    const { send, failures } = startBasket();
    const before = await send(...toCheckout.slice(0, 4));
    failures.rebuild.push(orderNotFound);
    const snapshot = await send({ type: 'REBUILD_ORDER', orderId: 'someone-elses-order', from: 'account' });
    expect(snapshot.context.error).toEqual(orderNotFound);
    expect(needsFix(snapshot)).toBe(false);
    expect(snapshot.context.basketId).toBe(createdBasket.basketId);
    expect(snapshot.context.lines).toEqual(before.context.lines);
    expect(basketStatusOf(snapshot)).toBe(4);
  });

  it('orders again after a confirmed order', async () => {
    const { send } = startBasket();
    await send(...toCheckout, { type: 'CONFIRM_ORDER' });
    const snapshot = await send({ type: 'REBUILD_ORDER', orderId: PREVIOUS_ORDER_ID, from: 'account' });
    expect(snapshot.context.orderRef).toBeUndefined();
    expect(snapshot.context.basketId).toBe(rebuiltOrder.basketId);
    expect(basketStatusOf(snapshot)).toBe(1);
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
    const fresh = createActor(basketWithServer().machine, { input: { menuVersion: 1, client: { os: 'Linux', osVersion: 'x86_64' }, minimums: NO_MINIMUMS } }).getSnapshot();
    expect(cleared.value).toEqual(fresh.value);
    expect(cleared.context).toEqual(fresh.context);
    expect(basketStatusOf(cleared)).toBe(0);
    expect(redirectForStep(cleared, '/basket')).toBe('/order');
    actor.stop();
  });

  it('round-trips through storage: the restored basket has the same status, lines, customer and vouchers', async () => {
    const { send, actor, signInAs } = startBasket();
    await signInAs(CUSTOMER_SUB);
    await send(...toCheckout.slice(0, 4), { type: 'ADD_VOUCHER', voucher: fixedVoucher, held: heldVouchers, dayOfWeek: FRIDAY });
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
    expect(restored.getSnapshot().context.customerSub).toBe(CUSTOMER_SUB);
    expect(restored.getSnapshot().context.voucherItems).toEqual(actor.getSnapshot().context.voucherItems);
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
    const { voucherItems: __, ...withoutVouchers } = good.context;
    expect(restorableBasketSnapshot({ ...good, context: withoutVouchers })).toBeUndefined();
    expect(restorableBasketSnapshot({ ...good, context: { ...good.context, voucherItems: [{ voucherId: 'three' }] } })).toBeUndefined();
    expect(restorableBasketSnapshot({ ...good, value: { ...good.value, rebuild: 'rebuilding' } })).toBeUndefined();
    // In flight without its call: restoring it would wait for an answer that never comes.
    expect(restorableBasketSnapshot({ ...good, value: { ...good.value, sync: 'saving' } })).toBeUndefined();

    const memory = new Map([[BASKET_STORAGE_KEY, '{not json']]);
    const storage = createBasketStorage({ getItem: (key) => memory.get(key) ?? null, setItem: () => {}, removeItem: () => {} });
    expect(storage.load()).toBeUndefined();
    actor.stop();
  });

  it('revalidates a basket saved under an older menu: vanished items are removed and named, then the order is saved', async () => {
    const { send, calls } = startBasket();
    await send({ type: 'ADD_ITEM', line: springRolls }, { type: 'ADD_ITEM', line: halfDuck }, { type: 'ADD_ITEM', line: beef }, { type: 'CHOOSE_ORDER_TYPE', orderType: 1 }, confirmBasket);
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

  it('re-prices a basket to a new menu version and names each change, so no dish is shown at a stale price', async () => {
    const { send, calls } = startBasket();
    await send({ type: 'ADD_ITEM', line: springRolls }, { type: 'ADD_ITEM', line: quarterDuck }, { type: 'CHOOSE_ORDER_TYPE', orderType: 1 });
    const dearer: typeof menuVersion1 = {
      ...menuVersion1,
      menuVersion: 3,
      categories: menuVersion1.categories.map((category) => ({
        ...category,
        items: category.items.map((item) => (item.itemId === 11 ? { ...item, itemCost: 3.9 } : item)),
      })),
    };
    serverMenus.push(dearer);
    const repriced = await send({ type: 'MENU_CHANGED', menu: dearer });
    expect(repriced.context.repricedItems).toEqual(['Spring Rolls: was £3.50, now £3.90']);
    expect(repriced.context.removedItems).toEqual([]);
    // Sent at the new price (the server's answer is the truth after that).
    expect(calls.updates.at(-1)).toMatchObject({ menuVersion: 3, orderItems: [expect.objectContaining({ itemId: 11, itemCost: 3.9, lineCost: 3.9 }), expect.objectContaining({ itemId: 12 })] });
    expect((await send({ type: 'DISMISS_REMOVED_ITEMS' })).context.repricedItems).toEqual([]);
  });

  it('removes a dish sold out today under the same menu version, and names it', async () => {
    const { send, calls } = startBasket();
    await send({ type: 'ADD_ITEM', line: springRolls }, { type: 'ADD_ITEM', line: beef }, { type: 'CHOOSE_ORDER_TYPE', orderType: 1 });
    const updates = calls.updates.length;
    const soldOut: typeof menuVersion1 = {
      ...menuVersion1,
      categories: menuVersion1.categories.map((category) => ({
        ...category,
        items: category.items.map((item) => (item.itemId === 22 ? { ...item, available: false } : item)),
      })),
    };
    const revalidated = await send({ type: 'MENU_CHANGED', menu: soldOut });
    expect(revalidated.context.lines.map((line) => line.itemId)).toEqual([11]);
    expect(revalidated.context.removedItems).toEqual(['Beef in Black Bean Sauce']);
    expect(revalidated.context.menuVersion).toBe(1);
    expect(calls.updates.length).toBeGreaterThan(updates);
  });

  it('revalidateLines keeps what the menu still offers', () => {
    const lines = [springRolls, halfDuck, beef].map((line) => ({ ...line, lineCost: line.itemCost }));
    expect(revalidateLines(lines, menuVersion1)).toEqual({ lines, removedItems: [], repricedItems: [] });
    expect(revalidateLines(lines, menuVersion2)).toEqual({ lines: [lines[0]], removedItems: ['Crispy Aromatic Duck (Half)', 'Beef in Black Bean Sauce'], repricedItems: [] });
    expect(normalisePostcode(' ls62ab ')).toBe(IN_ZONE_POSTCODE);
  });
});

/** The restaurant's settings as the basket step sends them: £10.00 to collect, £12.00 to deliver until the zone is known. */
const minimums: OrderMinimumSettings = { allowCollection: true, allowOrdering: true, minimumCollectionOrderPence: 1000, minimumFreeOrderPence: 1200 };

/** Where the statechart sends the customer after each step, as the screens follow it. */
function stepsDone(actor: ActorRefFrom<typeof basketMachine>): StepDoneEvent[] {
  const done: StepDoneEvent[] = [];
  actor.on('journey.stepDone', (event) => done.push(event));
  return done;
}

describe('basket statechart: the rules the screens used to hold', () => {
  it('starts the next order with a dish added after the order was placed (the placed order stays with the restaurant)', async () => {
    const { send } = startBasket();
    await send(...toCheckout);
    const placed = await send({ type: 'CONFIRM_ORDER' });
    expect(basketStatusOf(placed)).toBe(7);
    const next = await send({ type: 'ADD_ITEM', line: beef });
    expect(next.context.orderRef).toBeUndefined();
    expect(next.context.lines.map((line) => line.title)).toEqual([beef.title]);
    expect(basketStatusOf(next)).toBe(1);
  });

  it('refuses to leave the basket step below the minimum or without an order type, in the server\'s words', async () => {
    const { actor, send } = startBasket();
    const done = stepsDone(actor);
    let snapshot = await send({ type: 'ADD_ITEM', line: springRolls }, { type: 'SETTINGS', minimums }, { type: 'CONFIRM_BASKET' });
    expect(basketRefusal(snapshot.context, minimums)).toBe('Choose collection or delivery');
    snapshot = await send({ type: 'CHOOSE_ORDER_TYPE', orderType: 1 }, { type: 'SETTINGS', minimums }, { type: 'CONFIRM_BASKET' });
    expect(basketStatusOf(snapshot)).toBe(1);
    expect(basketRefusal(snapshot.context, minimums)).toBe('Add £6.50 to collect: the minimum order for collection is £10.00');
    expect(done).toEqual([]);

    snapshot = await send({ type: 'ADD_ITEM', line: beef }, { type: 'SETTINGS', minimums }, { type: 'CONFIRM_BASKET' });
    expect(basketStatusOf(snapshot)).toBe(2);
    expect(basketRefusal(snapshot.context, minimums)).toBeUndefined();
    expect(done).toEqual([{ type: 'journey.stepDone', step: 'basket' }]);
  });

  it('refuses a delivery basket below the delivery minimum, and one whose order type is switched off', async () => {
    const { send } = startBasket();
    let snapshot = await send({ type: 'ADD_ITEM', line: springRolls }, { type: 'ADD_ITEM', line: beef }, { type: 'CHOOSE_ORDER_TYPE', orderType: 2 });
    expect(basketRefusal(snapshot.context, minimums)).toBe('Add £0.70 to deliver: the minimum order for delivery is £12.00');
    snapshot = await send({ type: 'SETTINGS', minimums }, { type: 'CONFIRM_BASKET' });
    expect(basketStatusOf(snapshot)).toBe(1);
    snapshot = await send({ type: 'CHOOSE_ORDER_TYPE', orderType: 1 }, { type: 'SETTINGS', minimums: { ...minimums, allowCollection: false } }, { type: 'CONFIRM_BASKET' });
    expect(basketStatusOf(snapshot)).toBe(1);
  });

  it('sends a customer back on the basket step on again, unless the basket has fallen below its minimum', async () => {
    const { actor, send } = startBasket();
    await send(...toCheckout);
    const done = stepsDone(actor);
    await send({ type: 'SETTINGS', minimums: { ...minimums, minimumCollectionOrderPence: 0 } }, { type: 'CONFIRM_BASKET' });
    expect(done).toEqual([{ type: 'journey.stepDone', step: 'basket' }]);
    const snapshot = await send({ type: 'SETTINGS', minimums }, { type: 'CONFIRM_BASKET' });
    expect(done).toHaveLength(1);
    expect(basketStatusOf(snapshot)).toBe(6);
  });

  it('reports each step as it is done, the delivery step once the postcode check has accepted the address', async () => {
    const { actor, send } = startBasket();
    const done = stepsDone(actor);
    await send({ type: 'ADD_ITEM', line: springRolls }, { type: 'CHOOSE_ORDER_TYPE', orderType: 2 }, confirmBasket);
    await send({ type: 'SUBMIT_DELIVERY', ...address, postcode: OUT_OF_ZONE_POSTCODE });
    await send({ type: 'SUBMIT_CONTACT', ...contact, email: 'not an email' });
    expect(done.map((event) => event.step)).toEqual(['basket']);
    await send({ type: 'SUBMIT_DELIVERY', ...address });
    await send({ type: 'SUBMIT_CONTACT', ...contact }, { type: 'SUBMIT_TIME', asap: true }, { type: 'OFFER_PAYMENT_TYPES', paymentTypes: [1] });
    await send({ type: 'CONFIRM_ORDER' });
    expect(done).toEqual([
      { type: 'journey.stepDone', step: 'basket' },
      { type: 'journey.stepDone', step: 'delivery' },
      { type: 'journey.stepDone', step: 'contact' },
      { type: 'journey.stepDone', step: 'orderTime' },
      { type: 'journey.stepDone', step: 'checkout' },
    ]);
  });

  it('chooses the first way the checkout offers for the customer, cash where the restaurant takes it', async () => {
    const { send, calls } = startBasket();
    const atTime = await send(...toCheckout.slice(0, 5));
    expect(basketStatusOf(atTime)).toBe(5);
    let snapshot = await send({ type: 'OFFER_PAYMENT_TYPES', paymentTypes: paymentTypesOffered(true) });
    expect(snapshot.context.paymentType).toBe(1);
    expect(basketStatusOf(snapshot)).toBe(6);
    expect(calls.updates.at(-1)?.paymentType).toBe(1);
    // Opening the checkout again changes nothing and sends nothing.
    const updates = calls.updates.length;
    snapshot = await send({ type: 'OFFER_PAYMENT_TYPES', paymentTypes: paymentTypesOffered(true) });
    expect(basketStatusOf(snapshot)).toBe(6);
    expect(calls.updates).toHaveLength(updates);
  });

  it('offers cash where the restaurant takes it, up to its largest cash order, and while the order is not yet priced', () => {
    const limits = { maximumCashOrderPence: 15_000, maximumOrderPence: 50_000, phone: '0113 496 0123' };
    expect(cashOfferFor(true, 15_000, limits)).toBe('offered');
    expect(cashOfferFor(true, 15_001, limits)).toBe('tooLarge');
    expect(cashOfferFor(true, undefined, limits)).toBe('offered');
    expect(cashOfferFor(false, 1_000, limits)).toBe('notTaken');
  });

  it('says whom to phone only for an order too large to pay in cash (cashTooLargeMessageOf)', () => {
    const limits = { maximumCashOrderPence: 15_000, maximumOrderPence: 50_000, phone: '0113 496 0123' };
    const settings = { cash: { allowCashPayment: true, limits } };
    expect(cashTooLargeMessageOf(settings, { ...NO_BASKET, totalCostPence: 15_001 })).toBe(
      'Orders over £150.00 paid in cash must be placed by phone: please call 0113 496 0123',
    );
    expect(cashTooLargeMessageOf(settings, { ...NO_BASKET, totalCostPence: 15_000 })).toBeUndefined();
    expect(cashTooLargeMessageOf({ cash: { allowCashPayment: false, limits } }, { ...NO_BASKET, totalCostPence: 15_001 })).toBeUndefined();
    expect(cashTooLargeMessageOf({}, { ...NO_BASKET, totalCostPence: 15_001 })).toBeUndefined();
  });

  it('chooses paying online for the customer where the restaurant takes no cash, even after cash was chosen', async () => {
    const { send, calls } = startBasket();
    await send(...toCheckout.slice(0, 5));
    let snapshot = await send({ type: 'OFFER_PAYMENT_TYPES', paymentTypes: paymentTypesOffered(false) });
    expect(snapshot.context.paymentType).toBe(2);
    expect(basketStatusOf(snapshot)).toBe(6);

    snapshot = await send({ type: 'CHOOSE_PAYMENT', paymentType: 1 }, { type: 'OFFER_PAYMENT_TYPES', paymentTypes: paymentTypesOffered(false) });
    expect(snapshot.context.paymentType).toBe(2);
    expect(calls.updates.at(-1)?.paymentType).toBe(2);
  });

  it('takes a customer who changed the basket after choosing cash back to a checkout ready to confirm', async () => {
    const { send } = startBasket();
    await send(...toCheckout, { type: 'INCREASE_LINE', index: 0 }, confirmBasket, { type: 'SUBMIT_CONTACT', ...contact }, { type: 'SUBMIT_TIME', asap: true });
    const snapshot = await send({ type: 'OFFER_PAYMENT_TYPES', paymentTypes: [1] });
    expect(snapshot.context.paymentType).toBe(1);
    expect(basketStatusOf(snapshot)).toBe(6);
    expect(canConfirm(snapshot)).toBe(true);
  });

  it('confirms a "Place order" pressed while the notes are being saved once they are saved', async () => {
    const { actor, send, calls } = startBasket();
    await send(...toCheckout);
    actor.send({ type: 'SET_NOTES', notes: 'Ring the bell' });
    actor.send({ type: 'CONFIRM_ORDER' });
    expect(actor.getSnapshot().context.confirmQueued).toBe(true);
    expect(actor.getSnapshot().matches({ journey: 'checkout' })).toBe(true);
    expect(calls.confirms).toEqual([]);
    const confirmed = await waitFor(actor, (snapshot) => snapshot.matches({ journey: 'confirmed' }), { timeout: 1000 });
    expect(calls.updates.at(-1)?.notes).toBe('Ring the bell');
    expect(calls.confirms).toHaveLength(1);
    expect(confirmed.context.confirmQueued).toBe(false);
  });

  it('drops a queued "Place order" when the update in flight fails: the customer fixes the order and places it again', async () => {
    const { actor, send, calls, failures } = startBasket();
    await send(...toCheckout);
    failures.update.push(refusedUpdate);
    actor.send({ type: 'SET_NOTES', notes: 'Ring the bell' });
    actor.send({ type: 'CONFIRM_ORDER' });
    const failed = await settle(actor);
    expect(needsFix(failed)).toBe(true);
    expect(failed.context.confirmQueued).toBe(false);
    const retried = await send({ type: 'RETRY' });
    expect(basketStatusOf(retried)).toBe(6);
    expect(calls.confirms).toEqual([]);
  });
});
