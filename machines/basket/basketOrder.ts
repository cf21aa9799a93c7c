import { apiErrorOf } from '../../src/domain/apiErrors';
import { type ContactDetails, type DeliveryAddress, type FieldErrors, tidyContact, withoutKnownContact } from './basketForms';
import { itemTotal, linesFromServer, linesToServer, repricedLines } from './basketLines';
import { refusedVouchers } from './basketVouchers';
import { OrderType } from '../../src/domain/orderEnums';
import { penceToPounds, poundsToPence } from '../../src/domain/money';
import {
  type BasketContext,
  type BasketEvent,
  type DeliveryDetails,
  type OrderTime,
  type OrderTotals,
  type OrderUpdate,
  type PricedOrder,
  type RebuiltOrder,
  freshContext,
} from './basketTypes';

export function withoutFields(errors: FieldErrors, fields: readonly (keyof FieldErrors)[]): FieldErrors {
  const remaining = { ...errors };
  for (const field of fields) delete remaining[field];
  return remaining;
}

export const CONTACT_FIELDS = ['name', 'phone', 'email'] as const;
export const DELIVERY_FIELDS = ['address1', 'address2', 'town', 'postcode'] as const;

/**
 * The whole order as `POST /orderbuilder/update` takes it (SPEC §7). The figures are the client's best guess;
 * the server recomputes them and its answer replaces them.
 */
export function orderUpdateOf(context: BasketContext): OrderUpdate {
  if (context.basketId === undefined) throw new Error('An order update needs a basket');
  const isDelivery = context.orderType === OrderType.Delivery && context.delivery !== undefined;
  const itemCost = itemTotal(context.lines);
  const deliveryCharge = isDelivery ? context.delivery!.deliveryCharge : 0;
  const bagCharge = context.totals?.bagCharge ?? 0;
  const discountValue = context.totals?.discountValue ?? 0;
  return {
    basketId: context.basketId,
    menuVersion: context.menuVersion,
    sourceType: 'Website',
    os: context.client.os,
    osVersion: context.client.osVersion,
    appVersion: context.client.appVersion,
    orderType: context.orderType,
    orderItems: linesToServer(context.lines),
    voucherItems: context.voucherItems,
    itemCost,
    deliveryCharge,
    bagCharge,
    discount: context.totals?.discount ?? 0,
    totalCost: penceToPounds(Math.max(0, poundsToPence(itemCost) - poundsToPence(discountValue) + poundsToPence(bagCharge) + poundsToPence(deliveryCharge))),
    ignoreTimeOffset: false,
    ...(context.contact ?? {}),
    paymentType: context.paymentType,
    requestedTime: context.time?.asap === false ? context.time.requestedTime : null,
    asapFlag: context.time?.asap === true,
    notes: context.notes,
    deliveryAddress: isDelivery
      ? { address1: context.delivery!.address1, address2: context.delivery!.address2, town: context.delivery!.town, postcode: context.delivery!.postcode }
      : null,
    deliveryZoneId: isDelivery ? context.delivery!.deliveryZoneId : null,
    payPalData: null,
  };
}

export function totalsOf(order: PricedOrder): OrderTotals {
  return {
    itemCost: order.itemCost,
    orignalItemCost: order.orignalItemCost,
    discount: order.discount,
    discountValue: order.discountValue,
    profileDiscountValue: order.profileDiscountValue,
    bagCharge: order.bagCharge,
    deliveryCharge: order.deliveryCharge,
    totalCost: order.totalCost,
  };
}

/**
 * The server's answer to an update replaces the lines, the vouchers and the figures. A line it priced otherwise than the
 * customer was shown (a menu version published meanwhile) is named, to be acknowledged before the order is paid.
 */
export function pricedBy(context: BasketContext, order: PricedOrder): Partial<BasketContext> {
  const lines = linesFromServer(order.orderItems);
  const repriced = repricedLines(context.lines, lines);
  return {
    lines,
    voucherItems: order.voucherItems,
    totals: totalsOf(order),
    ...(repriced.length === 0 ? {} : { repricedItems: [...(context.repricedItems ?? []), ...repriced] }),
  };
}

function sameAddress(a: DeliveryAddress, b: DeliveryAddress): boolean {
  return a.address1 === b.address1 && a.address2 === b.address2 && a.town === b.town && a.postcode === b.postcode;
}

export function sameDelivery(a: DeliveryDetails | undefined, b: DeliveryDetails): boolean {
  return a !== undefined && sameAddress(a, b) && a.deliveryZoneId === b.deliveryZoneId;
}

export function sameContact(a: ContactDetails | undefined, b: ContactDetails): boolean {
  return a !== undefined && a.name === b.name && a.phone === b.phone && a.email === b.email;
}

export function orderTimeOf(event: Extract<BasketEvent, { type: 'SUBMIT_TIME' }>): OrderTime {
  return event.asap ? { asap: true } : { asap: false, requestedTime: event.requestedTime };
}

export function sameTime(a: OrderTime | undefined, b: OrderTime): boolean {
  if (a === undefined || a.asap !== b.asap) return false;
  return a.asap || b.asap || a.requestedTime === b.requestedTime;
}

export function addressOf(event: DeliveryAddress): DeliveryAddress {
  return { address1: event.address1, address2: event.address2, town: event.town, postcode: event.postcode };
}

/** Valid contact details become the order's; what was typed stays in the form. */
export function acceptedContact(context: BasketContext, event: ContactDetails): Partial<BasketContext> {
  return {
    contact: tidyContact(event),
    fieldErrors: withoutFields(context.fieldErrors, CONTACT_FIELDS),
    drafts: { ...context.drafts, contact: contactOf(event) },
  };
}

export function contactOf(event: ContactDetails): ContactDetails {
  return { name: event.name, phone: event.phone, email: event.email };
}

/** A new order for the same customer (CLEAR): their details are in the contact form again, their first saved address in the delivery form. */
export function draftsForNewOrder(context: BasketContext): BasketContext['drafts'] {
  return {
    ...(context.customerDetails === undefined ? {} : { contact: context.customerDetails }),
    ...(context.customerAddress === undefined ? {} : { delivery: context.customerAddress }),
  };
}

/**
 * The customer's saved addresses (SAVED_ADDRESSES): the first fills the delivery form of an order that has no
 * address yet (none typed, chosen or accepted); the account may load after the form opened.
 */
export function savedAddressesTaken(context: BasketContext, addresses: readonly DeliveryAddress[]): Partial<BasketContext> {
  const first = addresses[0] === undefined ? undefined : addressOf(addresses[0]);
  const open = context.drafts.delivery === undefined && context.delivery === undefined;
  return { customerAddress: first, ...(open && first !== undefined ? { drafts: { ...context.drafts, delivery: first } } : {}) };
}

/**
 * Another customer (or none): the vouchers and the details filled in from the account go with the one who left;
 * what was typed into the order stays.
 */
export function customerChanged(context: BasketContext, sub: string | undefined): Partial<BasketContext> {
  const { contact: typed, delivery: typedAddress, ...otherDrafts } = context.drafts;
  const known = context.customerDetails;
  const knownAddress = context.customerAddress;
  return {
    customerSub: sub,
    customerDetails: undefined,
    customerAddress: undefined,
    voucherItems: [],
    fieldErrors: withoutFields(context.fieldErrors, ['voucher']),
    drafts: {
      ...otherDrafts,
      ...(typed === undefined ? {} : { contact: known === undefined ? typed : withoutKnownContact(typed, known) }),
      // The saved address filled in goes with its customer; one typed over stays.
      ...(typedAddress === undefined || (knownAddress !== undefined && sameAddress(typedAddress, knownAddress)) ? {} : { delivery: typedAddress }),
    },
  };
}

/** Only a refusal of a voucher the order holds: removing it makes progress, so the order can be sent again. */
export function voucherRefused({ context, event }: { context: BasketContext; event: { error: unknown } }): boolean {
  return refusedVouchers(apiErrorOf(event.error)).some((refusal) => refusal.position < context.voucherItems.length);
}

/** The optional fields of an order, named so that `assign` (which merges) clears them. */
export const NO_ORDER = {
  basketId: undefined,
  orderBuilderRef: undefined,
  contact: undefined,
  delivery: undefined,
  time: undefined,
  totals: undefined,
  orderRef: undefined,
  error: undefined,
  offeredTimes: undefined,
} as const;

/**
 * The rebuilt order replaces the basket: its lines (priced by the server from today's menu), what could not be
 * carried over, no order type and no vouchers yet; the customer and what the forms show stay.
 */
export function rebuiltContext(context: BasketContext, rebuilt: RebuiltOrder): Partial<BasketContext> {
  return {
    ...NO_ORDER,
    ...freshContext(context.menuVersion, context.client),
    basketId: rebuilt.basketId,
    orderBuilderRef: rebuilt.orderBuilderRef,
    lines: linesFromServer(rebuilt.items),
    removedItems: rebuilt.removedItems,
    drafts: context.drafts,
  };
}
