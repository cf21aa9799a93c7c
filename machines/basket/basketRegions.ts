import { and, assign, not, raise, stateIn } from 'xstate';
import { apiErrorOf } from '../../src/domain/apiErrors';
import { deliveryMessages, tidyDeliveryAddress } from './basketForms';
import { withoutRefusedVouchers } from './basketVouchers';
import { orderUpdateOf, pricedBy, rebuiltContext, voucherRefused } from './basketOrder';
import { basketSetup } from './basketSetup';

export const syncRegion = basketSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: { 'basket.save': 'saving' },
    },
    saving: {
      tags: ['busy'],
      entry: assign({ saveQueued: false }),
      on: { 'basket.save': { actions: assign({ saveQueued: true }) } },
      invoke: {
        id: 'updateOrder',
        src: 'updateOrder',
        input: ({ context }) => orderUpdateOf(context),
        onDone: [
          // The answer is for an order that has changed since: send the order as it is now instead.
          { guard: 'saveQueued', target: 'saving', reenter: true },
          // The refused confirmation's reason stays for /fix-issue until the customer tries again.
          {
            guard: stateIn({ journey: { checkout: 'confirmFailed' } }),
            target: 'idle',
            actions: [assign(({ context, event }) => pricedBy(context, event.output)), raise({ type: 'basket.saved' })],
          },
          {
            target: 'idle',
            actions: [assign(({ context, event }) => ({ ...pricedBy(context, event.output), error: undefined })), raise({ type: 'basket.saved' })],
          },
        ],
        onError: [
          // A voucher refused for an order that has changed since: the order as it is now decides.
          { guard: and([voucherRefused, 'saveQueued']), target: 'saving', reenter: true },
          // A voucher the customer no longer holds, or not valid today: it leaves the order with the server's
          // reason beside the vouchers, and the rest of the order is saved (not a case for /fix-issue).
          {
            guard: voucherRefused,
            target: 'saving',
            reenter: true,
            actions: assign(({ context, event }) => {
              const { voucherItems, message } = withoutRefusedVouchers(context.voucherItems, apiErrorOf(event.error));
              return { voucherItems, fieldErrors: { ...context.fieldErrors, voucher: message } };
            }),
          },
          // What the customer entered stays; /fix-issue offers RETRY (and "Place order" is pressed again after it).
          { target: 'failed', actions: assign({ error: ({ event }) => apiErrorOf(event.error), confirmQueued: false }) },
        ],
      },
    },
    failed: {
      tags: ['needsFix'],
      on: { 'basket.save': 'saving', RETRY: 'saving' },
    },
  },
});

export const deliveryCheckRegion = basketSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: { 'basket.checkDelivery': 'checking' },
    },
    checking: {
      tags: ['busy'],
      on: { 'basket.checkDelivery': { target: 'checking', reenter: true } },
      invoke: {
        id: 'checkDelivery',
        src: 'checkDelivery',
        input: ({ context }) => {
          if (context.drafts.delivery === undefined) throw new Error('A delivery check needs an address');
          return { postcode: tidyDeliveryAddress(context.drafts.delivery).postcode };
        },
        onDone: [
          // The contract: a well-formed postcode outside every zone answers `validPostCode` false and `zone` null.
          {
            guard: ({ event }) => !event.output.validPostCode || event.output.zone === null,
            target: 'idle',
            actions: assign(({ context }) => ({
              fieldErrors: { ...context.fieldErrors, postcode: deliveryMessages.outOfZone(tidyDeliveryAddress(context.drafts.delivery!).postcode, context.minimums?.allowCollection !== false) },
              error: undefined,
            })),
          },
          {
            target: 'idle',
            actions: [
              assign({ error: undefined }),
              raise(({ context, event }) => ({
                type: 'basket.deliveryChecked' as const,
                delivery: {
                  ...tidyDeliveryAddress(context.drafts.delivery!),
                  deliveryZoneId: event.output.zone!,
                  deliveryCharge: event.output.deliveryCharge,
                  ...(event.output.minimumOrderValue === undefined ? {} : { minimumOrderValue: event.output.minimumOrderValue }),
                },
              })),
            ],
          },
        ],
        onError: [
          {
            guard: ({ event }) => apiErrorOf(event.error).validationErrors.some((failure) => failure.field === 'postcode'),
            target: 'idle',
            actions: assign({ fieldErrors: ({ context }) => ({ ...context.fieldErrors, postcode: deliveryMessages.postcodeInvalid }) }),
          },
          { target: 'idle', actions: assign({ error: ({ event }) => apiErrorOf(event.error) }) },
        ],
      },
    },
  },
});

/** "Order again" (SPEC §2, §5): a new basket on the server with a previous order's items replaces this one. */
export const rebuildRegion = basketSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: { REBUILD_ORDER: { guard: and(['orderIdSet', not('confirming')]), target: 'rebuilding' } },
    },
    rebuilding: {
      tags: ['busy', 'rebuilding'],
      entry: assign({ error: undefined }),
      invoke: {
        id: 'rebuildOrder',
        src: 'rebuildOrder',
        input: ({ event }) => {
          if (event.type !== 'REBUILD_ORDER') throw new Error('Rebuilding needs an order id');
          return { orderId: event.orderId.trim(), from: event.from };
        },
        onDone: [
          {
            guard: ({ event }) => event.output.items.length === 0,
            target: ['#basket.journey.created', '#basket.sync.idle', '#basket.deliveryCheck.idle', 'idle'],
            actions: [assign(({ context, event }) => rebuiltContext(context, event.output)), 'requestSave'],
          },
          {
            target: ['#basket.journey.items', '#basket.sync.idle', '#basket.deliveryCheck.idle', 'idle'],
            actions: [assign(({ context, event }) => rebuiltContext(context, event.output)), 'requestSave'],
          },
        ],
        // The basket as it was stays; the screen that asked says why.
        onError: { target: 'idle', actions: assign({ error: ({ event }) => apiErrorOf(event.error) }) },
      },
    },
  },
});
