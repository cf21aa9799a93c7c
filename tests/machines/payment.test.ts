import { afterEach, describe, expect, it } from 'vitest';
import type { Actor } from 'xstate';
import { PAYMENT_TIMEOUTS, paymentMachine, paymentPathOf, paymentToResume, shownErrorMode, type PaymentInput } from '../../machines/payment/paymentMachine';
import { paymentErrorMessage } from '../../src/domain/paymentErrors';
import {
  answer,
  BASKET_ID,
  cardDeclined,
  notApproved,
  noResponse,
  ORDER_REF,
  PAYPAL_ORDER_ID,
  paymentHarness,
  refuse,
  serverError,
  unverified,
} from './paymentHarness';

let running: Actor<typeof paymentMachine> | undefined;
afterEach(() => running?.stop());

function started(input: PaymentInput = {}) {
  const harness = paymentHarness(input);
  running = harness.actor;
  return harness;
}

/** The payment screen open with PayPal's buttons shown. */
function atTheButtons(input: PaymentInput = {}) {
  const harness = started(input);
  harness.actor.send({ type: 'START', basketId: BASKET_ID });
  harness.actor.send({ type: 'SCRIPT_STATUS', status: 'pending' });
  harness.actor.send({ type: 'SCRIPT_STATUS', status: 'resolved' });
  return harness;
}

/** The customer approved at PayPal and the link is being made. */
function approved(input: PaymentInput = {}, paymentSource?: string) {
  const harness = atTheButtons(input);
  harness.actor.send({ type: 'CREATE_ORDER', paymentSource });
  harness.actor.send({ type: 'ORDER_CREATED', payPalOrderId: PAYPAL_ORDER_ID });
  harness.actor.send({ type: 'APPROVED', payPalOrderId: PAYPAL_ORDER_ID });
  return harness;
}

async function authorising(input: PaymentInput = {}) {
  const harness = approved(input);
  await answer(harness.pending.createPayPalOrderLink, { orderBuilderId: BASKET_ID, payPalId: PAYPAL_ORDER_ID });
  expect(harness.actor.getSnapshot().value).toBe('authorising');
  return harness;
}

const issueMessage = (actor: Actor<typeof paymentMachine>) => {
  const mode = shownErrorMode(actor.getSnapshot());
  return mode === undefined ? undefined : paymentErrorMessage(mode);
};

describe('payment statechart: the customer pays', () => {
  it('waits for PayPal\'s script on /payment, then shows the buttons', () => {
    const { actor } = started();
    expect(paymentPathOf(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'START', basketId: BASKET_ID });
    actor.send({ type: 'SCRIPT_STATUS', status: 'pending' });
    expect(actor.getSnapshot().hasTag('loadingScript')).toBe(true);
    expect(paymentPathOf(actor.getSnapshot())).toBe('/payment');
    actor.send({ type: 'SCRIPT_STATUS', status: 'resolved' });
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(paymentPathOf(actor.getSnapshot())).toBe('/payment');
  });

  it('with PayPal: links the approved order, authorises it on /paymentProcessing and holds the confirmed order\'s reference', async () => {
    const { actor, pending } = approved();
    expect(pending.createPayPalOrderLink.map((call) => call.input)).toEqual([{ orderBuilderId: BASKET_ID, payPalId: PAYPAL_ORDER_ID, paymentSource: 'paypal' }]);
    expect(actor.getSnapshot().hasTag('processing')).toBe(true);
    expect(paymentPathOf(actor.getSnapshot())).toBe('/payment');
    await answer(pending.createPayPalOrderLink, { orderBuilderId: BASKET_ID, payPalId: PAYPAL_ORDER_ID });
    expect(paymentPathOf(actor.getSnapshot())).toBe('/paymentProcessing');
    expect(paymentToResume(actor.getSnapshot())).toEqual({ basketId: BASKET_ID, payPalOrderId: PAYPAL_ORDER_ID });
    expect(pending.authoriseCapture.map((call) => call.input)).toEqual([{ orderBuilderId: BASKET_ID, payPalOrderId: PAYPAL_ORDER_ID }]);
    await answer(pending.authoriseCapture, { orderRef: ORDER_REF });
    expect(actor.getSnapshot().hasTag('paid')).toBe(true);
    expect(actor.getSnapshot().context.orderRef).toBe(ORDER_REF);
    expect(paymentToResume(actor.getSnapshot())).toBeUndefined();
    expect(pending.logError).toHaveLength(0);
  });

  it('with a card: the funding source PayPal\'s createOrder named is linked', () => {
    const { pending } = approved({}, 'card');
    expect(pending.createPayPalOrderLink.at(-1)!.input).toMatchObject({ paymentSource: 'card' });
  });

  it('takes the funding source onApprove reports over the one createOrder named', () => {
    const { actor, pending } = atTheButtons();
    actor.send({ type: 'CREATE_ORDER', paymentSource: 'paypal' });
    actor.send({ type: 'ORDER_CREATED', payPalOrderId: PAYPAL_ORDER_ID });
    actor.send({ type: 'APPROVED', payPalOrderId: PAYPAL_ORDER_ID, paymentSource: 'card' });
    expect(pending.createPayPalOrderLink.at(-1)!.input).toMatchObject({ paymentSource: 'card' });
  });

  it('a customer who closes PayPal\'s window is back at the buttons, never on a spinner, and can pay again', () => {
    const { actor, pending, calls } = atTheButtons();
    actor.send({ type: 'CREATE_ORDER', paymentSource: 'paypal' });
    actor.send({ type: 'ORDER_CREATED', payPalOrderId: PAYPAL_ORDER_ID });
    actor.send({ type: 'CANCELLED' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'buttons' });
    expect(actor.getSnapshot().hasTag('processing')).toBe(false);
    expect(calls()).toBe(0);
    actor.send({ type: 'CREATE_ORDER', paymentSource: 'paypal' });
    actor.send({ type: 'ORDER_CREATED', payPalOrderId: 'SECONDORDER123456' });
    actor.send({ type: 'APPROVED', payPalOrderId: 'SECONDORDER123456' });
    expect(pending.createPayPalOrderLink.at(-1)!.input).toMatchObject({ payPalId: 'SECONDORDER123456' });
  });

  it('a customer whose approval never reaches the site still has the buttons and can start again', () => {
    const { actor, clock } = atTheButtons();
    actor.send({ type: 'CREATE_ORDER', paymentSource: 'paypal' });
    actor.send({ type: 'ORDER_CREATED', payPalOrderId: PAYPAL_ORDER_ID });
    clock.increment(10 * 60_000);
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    actor.send({ type: 'CREATE_ORDER', paymentSource: 'paypal' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'creating' });
  });
});

describe('payment statechart: every error mode, logged once, then /paymentIssue', () => {
  it('PayPal\'s script failing to load: logged as SPEC says, "PayPal failed to load correctly."', async () => {
    const { actor, pending } = started();
    actor.send({ type: 'START', basketId: BASKET_ID });
    actor.send({ type: 'SCRIPT_STATUS', status: 'pending' });
    actor.send({ type: 'SCRIPT_STATUS', status: 'rejected' });
    expect(paymentPathOf(actor.getSnapshot())).toBe('/paymentIssue');
    expect(pending.logError.map((call) => call.input)).toEqual([
      { orderBuilderId: BASKET_ID, errorMode: 'ScriptFailedToLoad', message: 'Failed to load the PayPal JS SDK script' },
    ]);
    await answer(pending.logError, { logged: true });
    expect(actor.getSnapshot().hasTag('issue')).toBe(true);
    expect(issueMessage(actor)).toBe('PayPal failed to load correctly.');
  });

  it('a log that fails is the IssueLoggingPayPalError mode: "There was an external PayPal issue."', async () => {
    const { actor, pending } = started();
    actor.send({ type: 'START', basketId: BASKET_ID });
    actor.send({ type: 'SCRIPT_STATUS', status: 'rejected' });
    await refuse(pending.logError, serverError);
    expect(actor.getSnapshot().context.errorMode).toBe('IssueLoggingPayPalError');
    expect(issueMessage(actor)).toBe('There was an external PayPal issue.');
    expect(pending.logError).toHaveLength(1);
  });

  it('a script that never finishes loading is a script that failed', () => {
    const { actor, clock, pending } = started();
    actor.send({ type: 'START', basketId: BASKET_ID });
    actor.send({ type: 'SCRIPT_STATUS', status: 'pending' });
    clock.increment(PAYMENT_TIMEOUTS.scriptLoadMs);
    expect(pending.logError.at(-1)!.input).toMatchObject({ errorMode: 'ScriptFailedToLoad', details: 'The script did not load in time' });
  });

  it('no basket: "Your order was not loaded correctly." before any PayPal call', async () => {
    const { actor, pending } = started();
    actor.send({ type: 'START', basketId: undefined });
    expect(pending.logError.at(-1)!.input).toEqual({
      errorMode: 'MissingOrderIdOrPayPalOrderId',
      message: 'The basket id or the PayPal order id was missing',
      details: 'The payment step opened without a basket id',
    });
    await answer(pending.logError, { logged: true });
    expect(issueMessage(actor)).toBe('Your order was not loaded correctly.');
    expect(actor.getSnapshot().can({ type: 'PAY_CASH_INSTEAD' })).toBe(false);
  });

  it('an approval without PayPal\'s order id: "Your order was not loaded correctly.", nothing linked', async () => {
    const { actor, pending } = atTheButtons();
    actor.send({ type: 'CREATE_ORDER', paymentSource: 'paypal' });
    actor.send({ type: 'APPROVED', payPalOrderId: '' });
    expect(pending.createPayPalOrderLink).toHaveLength(0);
    await answer(pending.logError, { logged: true });
    expect(issueMessage(actor)).toBe('Your order was not loaded correctly.');
  });

  it('PayPal refusing to create the order: "There was an external PayPal issue.", with PayPal\'s reason in the log only', async () => {
    const { actor, pending } = atTheButtons();
    actor.send({ type: 'CREATE_ORDER', paymentSource: 'paypal' });
    actor.send({ type: 'ORDER_NOT_CREATED', error: new Error('UNPROCESSABLE_ENTITY: AMOUNT_MISMATCH') });
    expect(pending.logError.at(-1)!.input).toMatchObject({ errorMode: 'IssueCreatingPayPalBasketApi', details: 'UNPROCESSABLE_ENTITY: AMOUNT_MISMATCH' });
    await answer(pending.logError, { logged: true });
    expect(issueMessage(actor)).toBe('There was an external PayPal issue.');
  });

  it('PayPal\'s onError while its window is open: "There was an external PayPal issue."', () => {
    const { actor, pending } = atTheButtons();
    actor.send({ type: 'CREATE_ORDER', paymentSource: 'paypal' });
    actor.send({ type: 'ORDER_CREATED', payPalOrderId: PAYPAL_ORDER_ID });
    actor.send({ type: 'PAYPAL_ERROR', error: new Error('Window closed unexpectedly') });
    expect(pending.logError.at(-1)!.input).toMatchObject({ errorMode: 'IssueCreatingPayPalBasketApi', details: 'Window closed unexpectedly' });
  });

  it('the link refused by the server: "There was an external PayPal issue.", the server\'s answer in the log', async () => {
    const { actor, pending } = approved();
    await refuse(pending.createPayPalOrderLink, { status: 400, message: 'Choose how you will pay first', validationErrors: [] });
    expect(pending.authoriseCapture).toHaveLength(0);
    expect(pending.logError.at(-1)!.input).toMatchObject({ errorMode: 'IssueCreatingPayPalBasketApi', details: 'HTTP 400: Choose how you will pay first' });
    await answer(pending.logError, { logged: true });
    expect(issueMessage(actor)).toBe('There was an external PayPal issue.');
  });

  it('"PayPay User Unverified" from authorise-capture: "Your PayPal account is not verified."', async () => {
    const { actor, pending } = await authorising();
    await refuse(pending.authoriseCapture, unverified);
    expect(pending.logError.at(-1)!.input).toMatchObject({ orderBuilderId: BASKET_ID, errorMode: 'UnconfirmedPayPalAccount' });
    await answer(pending.logError, { logged: true });
    expect(issueMessage(actor)).toBe('Your PayPal account is not verified.');
  });

  it.each([
    ['a payment PayPal did not approve', notApproved],
    ['a server error', serverError],
    ['no answer', noResponse],
    ['the unverified words in another case', { status: 400, message: 'PayPay user unverified', validationErrors: [] }],
    ['the unverified words with another status', { status: 500, message: 'PayPay User Unverified', validationErrors: [] }],
  ])('%s from authorise-capture: the authorisation mode, "There was an external PayPal issue."', async (_, error) => {
    const { actor, pending } = await authorising();
    await refuse(pending.authoriseCapture, error);
    expect(actor.getSnapshot().context.errorMode).toBe('AuthorisationAndCaptureError');
    await answer(pending.logError, { logged: true });
    expect(issueMessage(actor)).toBe('There was an external PayPal issue.');
  });

  it('a declined card or funding source: back on /payment with the decline told, nothing held, and a new PayPal order pays', async () => {
    const { actor, pending } = await authorising();
    await refuse(pending.authoriseCapture, cardDeclined);
    const declinedSnapshot = actor.getSnapshot();
    expect(paymentPathOf(declinedSnapshot)).toBe('/payment');
    expect(declinedSnapshot.hasTag('ready')).toBe(true);
    expect(declinedSnapshot.context).toMatchObject({ declined: true, payPalOrderId: undefined, unsettledPayPalOrderId: undefined });
    // Not a SPEC §8 issue: nothing is logged by the browser (the server recorded the refusal) and /paymentIssue is not shown.
    expect(pending.logError).toEqual([]);
    expect(shownErrorMode(declinedSnapshot)).toBeUndefined();
    // The payment screen mounting again keeps the decline told.
    actor.send({ type: 'START', basketId: BASKET_ID });
    expect(actor.getSnapshot().context.declined).toBe(true);
    actor.send({ type: 'CREATE_ORDER', paymentSource: 'card' });
    actor.send({ type: 'ORDER_CREATED', payPalOrderId: 'SECOND-ORDER' });
    actor.send({ type: 'APPROVED', payPalOrderId: 'SECOND-ORDER', paymentSource: 'card' });
    expect(actor.getSnapshot().context.declined).toBeUndefined();
    await answer(pending.createPayPalOrderLink, { orderBuilderId: BASKET_ID, payPalId: 'SECOND-ORDER' });
    expect(pending.authoriseCapture.at(-1)!.input).toEqual({ orderBuilderId: BASKET_ID, payPalOrderId: 'SECOND-ORDER' });
    await answer(pending.authoriseCapture, { orderRef: ORDER_REF });
    expect(actor.getSnapshot().hasTag('paid')).toBe(true);
  });

  it('after a decline, "pay with cash" on /payment converts the order to cash', async () => {
    const { actor, pending } = await authorising();
    expect(actor.getSnapshot().can({ type: 'PAY_CASH_INSTEAD' })).toBe(false);
    await refuse(pending.authoriseCapture, cardDeclined);
    actor.send({ type: 'PAY_CASH_INSTEAD' });
    await answer(pending.convertToCash, {});
    expect(paymentPathOf(actor.getSnapshot())).toBe('/checkout');
  });

  it('logs every failure of an attempt once, and a second attempt\'s failure once more', async () => {
    const { actor, pending } = await authorising();
    await refuse(pending.authoriseCapture, notApproved);
    await answer(pending.logError, { logged: true });
    actor.send({ type: 'TRY_AGAIN' });
    actor.send({ type: 'CREATE_ORDER', paymentSource: 'paypal' });
    actor.send({ type: 'ORDER_NOT_CREATED' });
    await answer(pending.logError, { logged: true });
    expect(pending.logError.map((call) => (call.input as { errorMode: string }).errorMode)).toEqual(['AuthorisationAndCaptureError', 'IssueCreatingPayPalBasketApi']);
  });
});

describe('payment statechart: no state waits forever (time limits set through the input)', () => {
  const quick = { timeouts: { createOrderMs: 20, linkMs: 30, authoriseMs: 50, logMs: 40, cashMs: 60 } };

  it('PayPal not creating the order in time', () => {
    const { actor, clock, pending } = atTheButtons(quick);
    actor.send({ type: 'CREATE_ORDER', paymentSource: 'paypal' });
    clock.increment(19);
    expect(actor.getSnapshot().value).toEqual({ ready: 'creating' });
    clock.increment(1);
    expect(pending.logError.at(-1)!.input).toMatchObject({ errorMode: 'IssueCreatingPayPalBasketApi' });
  });

  it('the link not answered in time', () => {
    const { clock, pending } = approved(quick);
    clock.increment(30);
    expect(pending.logError.at(-1)!.input).toMatchObject({ errorMode: 'IssueCreatingPayPalBasketApi', details: 'createPayPalOrderLink did not answer in time' });
  });

  it('authorise-capture not answered in time, and its late answer ignored', async () => {
    const { actor, clock, pending } = await authorising(quick);
    clock.increment(49);
    expect(actor.getSnapshot().value).toBe('authorising');
    clock.increment(1);
    expect(pending.logError.at(-1)!.input).toMatchObject({ errorMode: 'AuthorisationAndCaptureError', details: 'authorise-capture did not answer in time' });
    await answer(pending.authoriseCapture, { orderRef: ORDER_REF });
    expect(actor.getSnapshot().value).toBe('logging');
    expect(actor.getSnapshot().context.orderRef).toBeUndefined();
  });

  it('the log not answered in time: the customer is told, as for a failed log', async () => {
    const { actor, clock, pending } = await authorising(quick);
    await refuse(pending.authoriseCapture, unverified);
    clock.increment(40);
    expect(actor.getSnapshot().hasTag('issue')).toBe(true);
    expect(issueMessage(actor)).toBe('There was an external PayPal issue.');
  });

  it('the default limits: a minute for authorise-capture, which makes several PayPal calls', () => {
    expect(PAYMENT_TIMEOUTS.authoriseMs).toBe(60_000);
    const { actor } = started();
    expect(actor.getSnapshot().context.timeouts).toEqual(PAYMENT_TIMEOUTS);
  });
});

describe('payment statechart: the ways on from /paymentIssue', () => {
  async function atIssue(input: PaymentInput = {}) {
    const harness = await authorising(input);
    await refuse(harness.pending.authoriseCapture, notApproved);
    await answer(harness.pending.logError, { logged: true });
    expect(harness.actor.getSnapshot().hasTag('issue')).toBe(true);
    return harness;
  }

  it('Pay with cash instead converts the order and sends the customer to /checkout', async () => {
    const { actor, pending } = await atIssue();
    actor.send({ type: 'PAY_CASH_INSTEAD' });
    expect(pending.convertToCash.map((call) => call.input)).toEqual([{ basketId: BASKET_ID }]);
    expect(actor.getSnapshot().hasTag('processing')).toBe(true);
    expect(paymentPathOf(actor.getSnapshot())).toBe('/paymentIssue');
    await answer(pending.convertToCash, {});
    expect(actor.getSnapshot().hasTag('cashChosen')).toBe(true);
    expect(paymentPathOf(actor.getSnapshot())).toBe('/checkout');
  });

  it('a conversion that fails stays on /paymentIssue with the server\'s message, and can be tried again', async () => {
    const { actor, pending } = await atIssue();
    actor.send({ type: 'PAY_CASH_INSTEAD' });
    await refuse(pending.convertToCash, { status: 400, message: 'The restaurant does not take cash for delivery', validationErrors: [] });
    expect(actor.getSnapshot().hasTag('issue')).toBe(true);
    expect(actor.getSnapshot().context.cashError?.message).toBe('The restaurant does not take cash for delivery');
    expect(issueMessage(actor)).toBe('There was an external PayPal issue.');
    actor.send({ type: 'PAY_CASH_INSTEAD' });
    expect(actor.getSnapshot().context.cashError).toBeUndefined();
  });

  it('a conversion with no answer in time says the service is unavailable', async () => {
    const { actor, clock } = await atIssue({ timeouts: { cashMs: 60 } });
    actor.send({ type: 'PAY_CASH_INSTEAD' });
    clock.increment(60);
    expect(actor.getSnapshot().context.cashError?.message).toBe('The service is temporarily unavailable');
  });

  it('Try again goes back to the buttons when the script had loaded', async () => {
    const { actor } = await atIssue();
    actor.send({ type: 'TRY_AGAIN' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'buttons' });
    expect(paymentPathOf(actor.getSnapshot())).toBe('/payment');
    expect(actor.getSnapshot().context.errorMode).toBeUndefined();
  });

  it('Try again after the script failed waits for the script loaded again', async () => {
    const { actor, pending } = started();
    actor.send({ type: 'START', basketId: BASKET_ID });
    actor.send({ type: 'SCRIPT_STATUS', status: 'rejected' });
    await answer(pending.logError, { logged: true });
    actor.send({ type: 'TRY_AGAIN' });
    expect(actor.getSnapshot().hasTag('loadingScript')).toBe(true);
    actor.send({ type: 'SCRIPT_STATUS', status: 'resolved' });
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
  });
});

describe('payment statechart: Try again never pays twice', () => {
  async function atIssueAfter(outcome: 'no answer' | 'a server error' | 'the time limit', input: PaymentInput = {}) {
    const harness = await authorising(input);
    if (outcome === 'the time limit') harness.clock.increment(harness.actor.getSnapshot().context.timeouts.authoriseMs);
    else await refuse(harness.pending.authoriseCapture, outcome === 'no answer' ? noResponse : serverError);
    await answer(harness.pending.logError, { logged: true });
    expect(issueMessage(harness.actor)).toBe('There was an external PayPal issue.');
    return harness;
  }

  it.each(['no answer', 'a server error', 'the time limit'] as const)(
    'after %s from authorise-capture, Try again asks it again for the same PayPal order, with no new order or link',
    async (outcome) => {
      const { actor, pending } = await atIssueAfter(outcome, { timeouts: { authoriseMs: 50 } });
      actor.send({ type: 'TRY_AGAIN' });
      expect(actor.getSnapshot().value).toBe('authorising');
      expect(paymentPathOf(actor.getSnapshot())).toBe('/paymentProcessing');
      expect(pending.authoriseCapture.map((call) => call.input)).toEqual([
        { orderBuilderId: BASKET_ID, payPalOrderId: PAYPAL_ORDER_ID },
        { orderBuilderId: BASKET_ID, payPalOrderId: PAYPAL_ORDER_ID },
      ]);
      expect(pending.createPayPalOrderLink).toHaveLength(1);
      await answer(pending.authoriseCapture, { orderRef: ORDER_REF });
      expect(actor.getSnapshot().hasTag('paid')).toBe(true);
      expect(actor.getSnapshot().context.unsettledPayPalOrderId).toBeUndefined();
    },
  );

  it('a retry refused by the server (400) settles it: the next Try again starts afresh at the buttons', async () => {
    const { actor, pending } = await atIssueAfter('a server error');
    actor.send({ type: 'TRY_AGAIN' });
    await refuse(pending.authoriseCapture, notApproved);
    await answer(pending.logError, { logged: true });
    actor.send({ type: 'TRY_AGAIN' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'buttons' });
    expect(actor.getSnapshot().context.payPalOrderId).toBeUndefined();
    expect(pending.authoriseCapture).toHaveLength(2);
  });

  it('back on /payment, a new PayPal order the server will not link (the first is in hand) leaves Try again on the first', async () => {
    const { actor, pending } = await atIssueAfter('no answer');
    actor.send({ type: 'START', basketId: BASKET_ID });
    actor.send({ type: 'CREATE_ORDER', paymentSource: 'paypal' });
    actor.send({ type: 'ORDER_CREATED', payPalOrderId: 'SECONDORDER123456' });
    actor.send({ type: 'APPROVED', payPalOrderId: 'SECONDORDER123456' });
    const settling = { status: 400, message: 'The payment for this order is already being processed', validationErrors: [] };
    await refuse(pending.createPayPalOrderLink, settling);
    await answer(pending.logError, { logged: true });
    actor.send({ type: 'TRY_AGAIN' });
    expect(pending.authoriseCapture.at(-1)!.input).toEqual({ orderBuilderId: BASKET_ID, payPalOrderId: PAYPAL_ORDER_ID });
  });

  it('a new PayPal order the server linked replaces the first (nothing was held under it): its failure is tried afresh', async () => {
    const { actor, pending } = await atIssueAfter('no answer');
    actor.send({ type: 'START', basketId: BASKET_ID });
    actor.send({ type: 'CREATE_ORDER', paymentSource: 'paypal' });
    actor.send({ type: 'ORDER_CREATED', payPalOrderId: 'SECONDORDER123456' });
    actor.send({ type: 'APPROVED', payPalOrderId: 'SECONDORDER123456' });
    await answer(pending.createPayPalOrderLink, { orderBuilderId: BASKET_ID, payPalId: 'SECONDORDER123456' });
    await refuse(pending.authoriseCapture, notApproved);
    await answer(pending.logError, { logged: true });
    actor.send({ type: 'TRY_AGAIN' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'buttons' });
  });

  it('another basket\'s payment starting forgets this one\'s unsettled order', async () => {
    const { actor } = await atIssueAfter('a server error');
    actor.send({ type: 'START', basketId: 'another-basket' });
    expect(actor.getSnapshot().context.unsettledPayPalOrderId).toBeUndefined();
  });
});

describe('payment statechart: a reload of /paymentProcessing', () => {
  it('resumes straight to authorise-capture for the linked order', async () => {
    const { actor, pending } = started();
    actor.send({ type: 'RESUME', basketId: BASKET_ID, payPalOrderId: PAYPAL_ORDER_ID });
    expect(paymentPathOf(actor.getSnapshot())).toBe('/paymentProcessing');
    expect(pending.createPayPalOrderLink).toHaveLength(0);
    expect(pending.authoriseCapture.map((call) => call.input)).toEqual([{ orderBuilderId: BASKET_ID, payPalOrderId: PAYPAL_ORDER_ID }]);
    await answer(pending.authoriseCapture, { orderRef: ORDER_REF });
    expect(actor.getSnapshot().context.orderRef).toBe(ORDER_REF);
  });

  it('asks once when the screen resumes the same order twice', () => {
    const { actor, pending } = started();
    actor.send({ type: 'RESUME', basketId: BASKET_ID, payPalOrderId: PAYPAL_ORDER_ID });
    actor.send({ type: 'RESUME', basketId: BASKET_ID, payPalOrderId: PAYPAL_ORDER_ID });
    expect(pending.authoriseCapture).toHaveLength(1);
  });

  it('without the linked order: "Your order was not loaded correctly."', async () => {
    const { actor, pending } = started();
    actor.send({ type: 'RESUME', basketId: BASKET_ID, payPalOrderId: undefined });
    expect(pending.authoriseCapture).toHaveLength(0);
    await answer(pending.logError, { logged: true });
    expect(issueMessage(actor)).toBe('Your order was not loaded correctly.');
    expect(actor.getSnapshot().can({ type: 'PAY_CASH_INSTEAD' })).toBe(true);
  });

  it('a customer going back to /payment while the payment is authorised stays where the money is', async () => {
    const { actor, pending } = await authorising();
    actor.send({ type: 'START', basketId: BASKET_ID });
    expect(actor.getSnapshot().value).toBe('authorising');
    expect(paymentPathOf(actor.getSnapshot())).toBe('/paymentProcessing');
    expect(pending.authoriseCapture).toHaveLength(1);
  });
});
