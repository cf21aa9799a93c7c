import { type SnapshotFrom, and, assign, not } from 'xstate';
import { fillBlankContact } from './basketForms';
import { voucherItemOf } from './basketVouchers';
import { pickedOrderTime, shownOrderTime } from './journeyChoices';
import { BasketStatus, OrderType } from '../../src/domain/orderEnums';
import {
  firstIncompleteStep as firstIncompleteStepAt,
  type JourneyDestination,
  type JourneyOrder,
  fixIssueReturn,
  redirectForPath,
} from './journeySteps';
import { type BasketContext, DEFAULT_CLIENT, DEFAULT_MENU_VERSION, freshContext } from './basketTypes';
import { NO_ORDER, addressOf, contactOf, customerChanged, draftsForNewOrder, savedAddressesTaken, withoutFields } from './basketOrder';
import { STATUS_OF_JOURNEY_STATE, basketSetup } from './basketSetup';
import { journeyRegion } from './basketJourney';
import { deliveryCheckRegion, rebuildRegion, syncRegion } from './basketRegions';

/**
 * The basket (SPEC §4 basket status 0..7, order type, payment type) along the journey of docs/order-journey.md.
 *
 * Four parallel regions:
 * - `journey`: the status. `empty` (no basket yet) and `creating` count as Created 0; `confirming` as Checkout 6.
 *   Which step's event is taken, and which step comes next, are read from the step table (journeySteps.ts); a step
 *   done emits `journey.stepDone` naming the next. Confirming uses `confirmAuth` while a customer is signed in
 *   (`customerSub`), `confirm` for a guest (SPEC §6).
 * - `sync`: every change sends the whole order (`updateOrder`); `failed` is tagged `needsFix` (SPEC: a failed
 *   order update goes to /fix-issue); RETRY sends it again. A refused voucher leaves the order instead.
 * - `deliveryCheck`: the postcode check of the delivery step.
 * - `rebuild`: "order again" (`rebuildOrder`); its answer replaces the basket, a failure leaves it as it was.
 * Tags: `busy` while a call is in flight; `needsFix` while a failed update or confirmation waits on /fix-issue;
 * `rebuilding` while an order is being rebuilt.
 */
export const basketMachine = basketSetup.createMachine({
  id: 'basket',
  type: 'parallel',
  context: ({ input }) => ({
    ...freshContext(input.menuVersion ?? DEFAULT_MENU_VERSION, { ...DEFAULT_CLIENT, ...input.client }),
    ...(input.minimums === undefined ? {} : { minimums: input.minimums }),
  }),
  on: {
    SETTINGS: { actions: assign({ minimums: ({ event }) => event.minimums }) },
    // SPEC §4: clearing the order resets everything (a confirmation in flight is not abandoned half way).
    // Who is signed in is not part of the order: the customer stays, and their details are filled in again.
    CLEAR: {
      guard: not('confirming'),
      target: ['.journey.empty', '.sync.idle', '.deliveryCheck.idle', '.rebuild.idle'],
      actions: assign(({ context }) => ({ ...NO_ORDER, ...freshContext(context.menuVersion, context.client), drafts: draftsForNewOrder(context) })),
    },
    DISMISS_REMOVED_ITEMS: { actions: assign({ removedItems: [], repricedItems: [] }) },
    // SPEC §4: a guest has no vouchers, and another customer's are not theirs; the server prices the basket again
    // for the new caller (the API client sends the signed-in customer's token with the update).
    CUSTOMER_CHANGED: [
      { guard: 'sameCustomer' },
      {
        guard: 'linesEditable',
        actions: [assign(({ context, event }) => customerChanged(context, event.sub)), 'requestSave'],
      },
      { actions: assign(({ context, event }) => customerChanged(context, event.sub)) },
    ],
    PREFILL_CONTACT: {
      actions: assign(({ context, event }) => {
        const details = contactOf(event);
        return { customerDetails: details, drafts: { ...context.drafts, contact: fillBlankContact(context.drafts.contact ?? context.contact, details) } };
      }),
    },
    OFFER_TIMES: {
      actions: assign(({ context, event }) => ({
        offeredTimes: event.offered,
        drafts: { ...context.drafts, time: shownOrderTime(context.drafts.time, context.time, event.offered) },
      })),
    },
    PICK_TIME: {
      guard: ({ context }) => context.offeredTimes !== undefined,
      actions: assign(({ context, event }) => ({
        drafts: { ...context.drafts, time: pickedOrderTime(event, context.drafts.time, context.offeredTimes!) },
      })),
    },
    SAVED_ADDRESSES: { actions: assign(({ context, event }) => savedAddressesTaken(context, event.addresses)) },
    PREFILL_DELIVERY: { actions: assign({ drafts: ({ context, event }) => ({ ...context.drafts, delivery: addressOf(event.address) }) }) },
    ADD_VOUCHER: {
      guard: and(['linesEditable', 'customerKnown', 'voucherHeld', 'voucherNotApplied', 'voucherUsableToday', 'roomForVoucher']),
      actions: [
        assign(({ context, event }) => ({
          voucherItems: [...context.voucherItems, voucherItemOf(event.voucher)],
          fieldErrors: withoutFields(context.fieldErrors, ['voucher']),
        })),
        'requestSave',
      ],
    },
    REMOVE_VOUCHER: {
      guard: and(['linesEditable', 'voucherAtPosition']),
      actions: [
        assign(({ context, event }) => ({
          voucherItems: context.voucherItems.filter((_, position) => position !== event.index),
          fieldErrors: withoutFields(context.fieldErrors, ['voucher']),
        })),
        'requestSave',
      ],
    },
  },
  states: {
    journey: journeyRegion,
    sync: syncRegion,
    deliveryCheck: deliveryCheckRegion,
    rebuild: rebuildRegion,
  },
});

export type BasketSnapshot = SnapshotFrom<typeof basketMachine>;

function journeyStateOf(snapshot: BasketSnapshot): string {
  const journey = (snapshot.value as { journey: string | Record<string, unknown> }).journey;
  return typeof journey === 'string' ? journey : Object.keys(journey)[0]!;
}

/** SPEC §4 basket status (0..8) of the basket as it stands. */
export function basketStatusOf(snapshot: BasketSnapshot): number {
  return STATUS_OF_JOURNEY_STATE[journeyStateOf(snapshot)] ?? BasketStatus.Created;
}

export * from './basketTypes';
export { orderUpdateOf } from './basketOrder';
export { CONFIRMATION_PATH, JOURNEY_STEPS, type JourneyDestination, type JourneyPath, type JourneyStep } from './journeySteps';

function journeyOrderOf(snapshot: BasketSnapshot): JourneyOrder {
  return { orderType: snapshot.context.orderType, paymentType: snapshot.context.paymentType };
}

/** The first step still to do: `/order` with no lines … the order's last step until confirmed; CONFIRMATION_PATH once confirmed. */
export function firstIncompleteStep(snapshot: BasketSnapshot): JourneyDestination {
  return firstIncompleteStepAt(basketStatusOf(snapshot), journeyOrderOf(snapshot));
}

/** Where a route guard must send the customer who opens `path`, or undefined to let them in (journeySteps.ts). */
export function redirectForStep(snapshot: BasketSnapshot, path: string): JourneyDestination | undefined {
  return redirectForPath(path, basketStatusOf(snapshot), journeyOrderOf(snapshot));
}

/** Where /fix-issue's "Back to …" goes, and how it names it. */
export function fixIssueReturnOf(snapshot: BasketSnapshot): { path: JourneyDestination; name: string } {
  return fixIssueReturn(basketStatusOf(snapshot), journeyOrderOf(snapshot));
}

/**
 * Whether CONFIRM_ORDER would confirm at once: at checkout, with everything saved and nothing in flight. (Sent while
 * an update is in flight, it is queued until that update is saved.)
 */
export function canConfirm(snapshot: BasketSnapshot): boolean {
  return snapshot.matches({ journey: 'checkout' }) && snapshot.matches({ sync: 'idle' }) && !snapshot.hasTag('busy') && !hasChangesToAcknowledge(snapshot);
}

/**
 * The delivery charge as the customer may be told it: none for a collection order; "depends on your postcode" until
 * the address is checked against the zones (the server's figure is then the takeaway's standard charge, a guess); the
 * zone's charge for that postcode once it is.
 */
export type DeliveryChargeShown = { kind: 'none' } | { kind: 'byPostcode' } | { kind: 'zone'; postcode: string; charge: number };

export function deliveryChargeShown(context: Pick<BasketContext, 'orderType' | 'delivery' | 'totals'>): DeliveryChargeShown {
  if (context.orderType !== OrderType.Delivery) return { kind: 'none' };
  if (context.delivery === undefined) return { kind: 'byPostcode' };
  return { kind: 'zone', postcode: context.delivery.postcode, charge: context.totals?.deliveryCharge ?? context.delivery.deliveryCharge };
}

/**
 * Whether the menu changed the order since the customer last looked (a dish removed, a price changed): told line by
 * line, and acknowledged (DISMISS_REMOVED_ITEMS) before the order can be placed or paid.
 */
export function hasChangesToAcknowledge(snapshot: BasketSnapshot): boolean {
  return snapshot.context.removedItems.length > 0 || (snapshot.context.repricedItems ?? []).length > 0;
}

/** SPEC §8: a failed order update or confirmation goes to /fix-issue. */
export function needsFix(snapshot: BasketSnapshot): boolean {
  return snapshot.hasTag('needsFix');
}

/** "Order again" is under way (REBUILD_ORDER); once it is not, `context.error` says whether it failed. */
export function isRebuilding(snapshot: BasketSnapshot): boolean {
  return snapshot.hasTag('rebuilding');
}
