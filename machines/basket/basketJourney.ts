import { and, assign, not, raise } from 'xstate';
import { apiErrorOf } from '../../src/domain/apiErrors';
import { notesMessages, timeMessages, validateContact, validateDeliveryAddress } from './basketForms';
import { type BasketLine, cancelLine, increaseLine, mergeLine, revalidateLines, setSpecialRequest } from './basketLines';
import type { ConfirmInput } from './basketTypes';
import { CONTACT_FIELDS, DELIVERY_FIELDS, acceptedContact, addressOf, contactOf, orderTimeOf, withoutFields } from './basketOrder';
import { basketSetup, inJourney, stepDone, stepOpen } from './basketSetup';

/** The journey region: the basket status (docs/order-journey.md). */
export const journeyRegion = basketSetup.createStateConfig({
  initial: 'empty',
  // Changes allowed at several statuses live here, so that what each change does to the status is in one place:
  // changing the lines or the order type drops the status back to Items (docs/order-journey.md).
  on: {
    ADD_ITEM: {
      guard: and(['linesEditable', 'lineToAddIsValid']),
      target: '.items',
      actions: [assign({ lines: ({ context, event }) => mergeLine(context.lines, event.line) }), 'requestSave'],
    },
    INCREASE_LINE: {
      guard: and(['linesEditable', 'lineExists', 'lineBelowMaximum']),
      target: '.items',
      actions: [assign({ lines: ({ context, event }) => increaseLine(context.lines, event.index) }), 'requestSave'],
    },
    CANCEL_LINE: [
      {
        guard: and(['linesEditable', 'cancelEmptiesBasket']),
        target: '.created',
        actions: [assign({ lines: [] }), 'requestSave'],
      },
      {
        guard: and(['linesEditable', 'lineExists']),
        target: '.items',
        actions: [assign({ lines: ({ context, event }) => cancelLine(context.lines, event.index) }), 'requestSave'],
      },
    ],
    SET_SPECIAL_REQUEST: {
      guard: and(['linesEditable', 'lineExists', 'specialRequestFits']),
      actions: [assign({ lines: ({ context, event }) => setSpecialRequest(context.lines, event.index, event.text) }), 'requestSave'],
    },
    CHOOSE_ORDER_TYPE: [
      {
        guard: and(['basketReviewed', 'orderTypeChanges']),
        target: '.items',
        actions: [assign({ orderType: ({ event }) => event.orderType }), 'requestSave'],
      },
      {
        guard: and(['linesEditable', 'orderTypeChanges']),
        actions: [assign({ orderType: ({ event }) => event.orderType }), 'requestSave'],
      },
    ],
    CONFIRM_BASKET: [
      {
        guard: and([stepOpen('basket'), not(stepDone('basket')), 'canConfirmBasket', 'meetsMinimum']),
        target: '.basket',
        actions: { type: 'goOnFrom', params: { step: 'basket' } },
      },
      // Back on the basket step later: it stays done, and the customer goes on again (unless now below the minimum).
      { guard: and([stepDone('basket'), 'meetsMinimum']), actions: { type: 'goOnFrom', params: { step: 'basket' } } },
    ],
    SUBMIT_DELIVERY: [
      {
        guard: and([stepOpen('delivery'), 'deliveryInvalid']),
        actions: assign(({ context, event }) => ({
          fieldErrors: { ...withoutFields(context.fieldErrors, DELIVERY_FIELDS), ...validateDeliveryAddress(event) },
          drafts: { ...context.drafts, delivery: addressOf(event) },
        })),
      },
      {
        guard: stepOpen('delivery'),
        actions: [
          assign(({ context, event }) => ({
            fieldErrors: withoutFields(context.fieldErrors, DELIVERY_FIELDS),
            drafts: { ...context.drafts, delivery: addressOf(event) },
          })),
          raise({ type: 'basket.checkDelivery' }),
        ],
      },
    ],
    'basket.deliveryChecked': [
      // The same address again: nothing that a later step depended on has changed.
      {
        guard: and([stepDone('delivery'), 'deliveryUnchanged']),
        actions: { type: 'goOnFrom', params: { step: 'delivery' } },
      },
      {
        guard: stepOpen('delivery'),
        target: '.delivery',
        actions: [assign({ delivery: ({ event }) => event.delivery }), 'requestSave', { type: 'goOnFrom', params: { step: 'delivery' } }],
      },
    ],
    SUBMIT_CONTACT: [
      {
        guard: and([stepOpen('contact'), 'contactInvalid']),
        actions: assign(({ context, event }) => ({
          fieldErrors: { ...withoutFields(context.fieldErrors, CONTACT_FIELDS), ...validateContact(event) },
          drafts: { ...context.drafts, contact: contactOf(event) },
        })),
      },
      {
        guard: and([stepDone('contact'), 'contactUnchanged']),
        actions: [
          assign(({ context, event }) => ({
            fieldErrors: withoutFields(context.fieldErrors, CONTACT_FIELDS),
            drafts: { ...context.drafts, contact: contactOf(event) },
          })),
          { type: 'goOnFrom', params: { step: 'contact' } },
        ],
      },
      {
        guard: stepDone('contact'),
        actions: [assign(({ context, event }) => acceptedContact(context, event)), 'requestSave', { type: 'goOnFrom', params: { step: 'contact' } }],
      },
      {
        guard: stepOpen('contact'),
        target: '.contact',
        actions: [assign(({ context, event }) => acceptedContact(context, event)), 'requestSave', { type: 'goOnFrom', params: { step: 'contact' } }],
      },
    ],
    SUBMIT_TIME: [
      {
        guard: and([stepOpen('orderTime'), 'timeInvalid']),
        actions: assign({ fieldErrors: ({ context }) => ({ ...context.fieldErrors, requestedTime: timeMessages.requestedTimeMissing }) }),
      },
      {
        guard: and([stepDone('orderTime'), 'timeUnchanged']),
        actions: [
          assign({ fieldErrors: ({ context }) => withoutFields(context.fieldErrors, ['requestedTime']) }),
          { type: 'goOnFrom', params: { step: 'orderTime' } },
        ],
      },
      {
        guard: stepDone('orderTime'),
        actions: [
          assign(({ context, event }) => ({ time: orderTimeOf(event), fieldErrors: withoutFields(context.fieldErrors, ['requestedTime']) })),
          'requestSave',
          { type: 'goOnFrom', params: { step: 'orderTime' } },
        ],
      },
      {
        guard: stepOpen('orderTime'),
        target: '.time',
        actions: [
          assign(({ context, event }) => ({ time: orderTimeOf(event), fieldErrors: withoutFields(context.fieldErrors, ['requestedTime']) })),
          'requestSave',
          { type: 'goOnFrom', params: { step: 'orderTime' } },
        ],
      },
    ],
    CHOOSE_PAYMENT: [
      {
        guard: stepDone('checkout'),
        actions: ['choosePayment', 'requestSave'],
      },
      {
        guard: stepOpen('checkout'),
        target: '.checkout',
        actions: ['choosePayment', 'requestSave'],
      },
    ],
    OFFER_PAYMENT_TYPES: [
      // Chosen before the order last went back a step: the basket is ready to confirm with it again (Checkout 6).
      {
        guard: and([not(stepDone('checkout')), 'chosenPaymentOffered']),
        actions: raise(({ context }) => ({ type: 'CHOOSE_PAYMENT' as const, paymentType: context.paymentType as 1 | 2 })),
      },
      {
        guard: and([not('chosenPaymentOffered'), 'paymentTypeOffered']),
        actions: raise(({ event }) => ({ type: 'CHOOSE_PAYMENT' as const, paymentType: event.paymentTypes[0]! })),
      },
    ],
    SET_NOTES: [
      {
        guard: and(['linesEditable', 'notesTooLong']),
        actions: assign({ fieldErrors: ({ context }) => ({ ...context.fieldErrors, notes: notesMessages.notesTooLong }) }),
      },
      {
        guard: 'linesEditable',
        actions: [assign(({ context, event }) => ({ notes: event.notes, fieldErrors: withoutFields(context.fieldErrors, ['notes']) })), 'requestSave'],
      },
    ],
    MENU_CHANGED: [
      { guard: 'menuChangesNothing' },
      {
        guard: and(['linesEditable', 'menuRemovesNothing']),
        actions: [
          assign(({ event, context }) => {
            const { lines, repricedItems } = revalidateLines(context.lines, event.menu);
            return { menuVersion: event.menu.menuVersion, lines, repricedItems };
          }),
          'requestSave',
        ],
      },
      {
        guard: and(['linesEditable', 'menuRemovesEverything']),
        target: '.created',
        actions: [
          assign(({ event, context }) => ({
            menuVersion: event.menu.menuVersion,
            lines: [],
            removedItems: revalidateLines(context.lines, event.menu).removedItems,
          })),
          'requestSave',
        ],
      },
      {
        guard: 'linesEditable',
        target: '.items',
        actions: [assign(({ event, context }) => ({ menuVersion: event.menu.menuVersion, ...revalidateLines(context.lines, event.menu) })), 'requestSave'],
      },
      {
        guard: inJourney('empty', 'creating'),
        actions: assign(({ event, context }) => {
          const { lines, removedItems, repricedItems } = revalidateLines(context.pendingLines, event.menu);
          return { menuVersion: event.menu.menuVersion, pendingLines: lines, removedItems, repricedItems };
        }),
      },
    ],
  },
  states: {
    empty: {
      on: {
        ADD_ITEM: {
          guard: 'lineToAddIsValid',
          target: 'creating',
          actions: assign({ pendingLines: ({ context, event }) => mergeLine(context.pendingLines, event.line) }),
        },
        RETRY: { guard: 'hasPendingLines', target: 'creating' },
      },
    },
    creating: {
      tags: ['busy'],
      on: {
        ADD_ITEM: {
          guard: 'lineToAddIsValid',
          actions: assign({ pendingLines: ({ context, event }) => mergeLine(context.pendingLines, event.line) }),
        },
      },
      invoke: {
        id: 'createBasket',
        src: 'createBasket',
        onDone: [
          {
            guard: 'hasPendingLines',
            target: 'items',
            actions: [
              assign(({ context, event }) => ({
                basketId: event.output.basketId,
                orderBuilderRef: event.output.orderBuilderRef,
                lines: context.pendingLines.reduce<BasketLine[]>((lines, pending) => mergeLine(lines, pending), context.lines),
                pendingLines: [],
                error: undefined,
              })),
              'requestSave',
            ],
          },
          // A menu change meanwhile removed every pending item: the basket exists, empty.
          {
            target: 'created',
            actions: assign(({ event }) => ({ basketId: event.output.basketId, orderBuilderRef: event.output.orderBuilderRef, error: undefined })),
          },
        ],
        // The items stay pending: RETRY (or adding another item) tries to create the basket again.
        onError: { target: 'empty', actions: assign({ error: ({ event }) => apiErrorOf(event.error) }) },
      },
    },
    created: {},
    items: {},
    basket: {},
    delivery: {},
    contact: {},
    time: {},
    checkout: {
      initial: 'ready',
      // A queued "Place order" belongs to this visit of the checkout.
      exit: assign({ confirmQueued: false }),
      on: {
        CONFIRM_ORDER: [
          // The screen shows what changed and asks for it to be acknowledged first.
          { guard: not('changesAcknowledged') },
          // Paid online, the order is confirmed by authorise-capture once paid: the payment step comes first.
          { guard: and(['paysOnline', 'everythingSaved']), actions: { type: 'goOnFrom', params: { step: 'checkout' } } },
          { guard: 'everythingSaved', target: 'confirming' },
          { guard: 'updateInFlight', actions: assign({ confirmQueued: true }) },
        ],
        'basket.saved': [
          // The saved answer changed a price: the customer sees it before pressing "Place order" again.
          { guard: and(['confirmQueued', not('changesAcknowledged')]), actions: assign({ confirmQueued: false }) },
          {
            guard: and(['confirmQueued', 'everythingSaved', 'paysOnline']),
            actions: [assign({ confirmQueued: false }), { type: 'goOnFrom', params: { step: 'checkout' } }],
          },
          { guard: and(['confirmQueued', 'everythingSaved']), target: 'confirming' },
        ],
        // authorise-capture confirmed the order paid online (the payment statechart).
        ORDER_PAID: {
          guard: 'paysOnline',
          target: 'confirmed',
          actions: [assign({ orderRef: ({ event }) => event.orderRef, error: undefined }), { type: 'goOnFrom', params: { step: 'payment' } }],
        },
      },
      states: {
        ready: {},
        confirmFailed: {
          tags: ['needsFix'],
          on: { RETRY: { guard: and(['everythingSaved', 'changesAcknowledged']), target: '#basket.journey.confirming' } },
        },
      },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirmOrder',
        src: 'confirmOrder',
        input: ({ context }): ConfirmInput => {
          if (context.basketId === undefined) throw new Error('Confirming needs a basket');
          return { basketId: context.basketId, authenticated: context.customerSub !== undefined };
        },
        onDone: {
          target: 'confirmed',
          actions: [assign({ orderRef: ({ event }) => event.output.orderRef, error: undefined }), { type: 'goOnFrom', params: { step: 'checkout' } }],
        },
        // The basket is priced again, so that the customer sees the server's figures as they are now (a voucher
        // used meanwhile, a changed menu) and it is priced for whoever is signed in now: confirmAuth refuses a
        // basket last priced for a guest, and confirm one priced for a customer.
        onError: { target: 'checkout.confirmFailed', actions: [assign({ error: ({ event }) => apiErrorOf(event.error) }), 'requestSave'] },
      },
    },
    // A confirmed order cannot change: a dish added after it starts the next order.
    confirmed: {
      on: { ADD_ITEM: { guard: 'lineToAddIsValid', actions: [raise({ type: 'CLEAR' }), raise(({ event }) => event)] } },
    },
  },
});
