import type { Snapshot } from 'xstate';
import { basketMachine } from './basketMachine';

type UnknownRecord = Record<string, unknown>;

function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
const isString = (value: unknown) => typeof value === 'string';
const isOptional = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value);

function isLine(value: unknown): boolean {
  return (
    isRecord(value) &&
    isNumber(value.categoryId) &&
    isNumber(value.itemId) &&
    isOptional(value.configId, isNumber) &&
    isOptional(value.configOption, isString) &&
    isString(value.title) &&
    Number.isInteger(value.quantity) &&
    (value.quantity as number) >= 1 &&
    isOptional(value.specialRequest, isString) &&
    isNumber(value.itemCost) &&
    isNumber(value.lineCost)
  );
}

const isLines = (value: unknown) => Array.isArray(value) && value.every(isLine);

function isVoucherItem(value: unknown): boolean {
  return (
    isRecord(value) &&
    Number.isInteger(value.voucherId) &&
    isNumber(value.voucherType) &&
    isString(value.title) &&
    isNumber(value.percDiscount) &&
    Number.isInteger(value.quantity) &&
    isNumber(value.itemCost) &&
    isNumber(value.lineCost)
  );
}

const hasStrings = (value: unknown, fields: readonly string[]) => isRecord(value) && fields.every((field) => isString(value[field]));
const isContact = (value: unknown) => hasStrings(value, ['name', 'phone', 'email']);
const isTime = (time: unknown) => isRecord(time) && (time.asap === true || (time.asap === false && isString(time.requestedTime)));
const isAddress = (value: unknown) => hasStrings(value, ['address1', 'address2', 'town', 'postcode']);

function isBasketContext(value: unknown): boolean {
  return (
    isRecord(value) &&
    isOptional(value.basketId, isString) &&
    isOptional(value.orderBuilderRef, isString) &&
    isNumber(value.menuVersion) &&
    hasStrings(value.client, ['os', 'osVersion', 'appVersion']) &&
    [0, 1, 2].includes(value.orderType as number) &&
    isLines(value.lines) &&
    Array.isArray(value.voucherItems) &&
    value.voucherItems.every(isVoucherItem) &&
    isLines(value.pendingLines) &&
    isOptional(value.contact, isContact) &&
    isOptional(value.delivery, (delivery) => isAddress(delivery) && isNumber((delivery as UnknownRecord).deliveryZoneId) && isNumber((delivery as UnknownRecord).deliveryCharge)) &&
    isOptional(value.time, isTime) &&
    [0, 1, 2].includes(value.paymentType as number) &&
    (value.onlineFunding === undefined || value.onlineFunding === 'paypal' || value.onlineFunding === 'card') &&
    isString(value.notes) &&
    isOptional(value.orderRef, isString) &&
    isOptional(value.error, (error) => isRecord(error) && (isString(error.message) || error.message === null) && Array.isArray(error.validationErrors)) &&
    isRecord(value.fieldErrors) &&
    Object.values(value.fieldErrors).every(isString) &&
    isRecord(value.drafts) &&
    isOptional(value.drafts.contact, isContact) &&
    isOptional(value.drafts.delivery, isAddress) &&
    isOptional(value.drafts.time, isTime) &&
    isOptional(value.offeredTimes, (offered) => isRecord(offered) && typeof offered.asapAvailable === 'boolean' && Array.isArray(offered.slots) && offered.slots.every(isString)) &&
    Array.isArray(value.removedItems) &&
    value.removedItems.every(isString) &&
    // Absent from baskets saved before the owner could change prices.
    (value.repricedItems === undefined || (Array.isArray(value.repricedItems) && value.repricedItems.every(isString))) &&
    typeof value.saveQueued === 'boolean' &&
    // Absent from baskets saved before "Place order" was queued by the statechart.
    (value.confirmQueued === undefined || typeof value.confirmQueued === 'boolean') &&
    isOptional(value.customerSub, isString) &&
    isOptional(value.customerDetails, isContact) &&
    isOptional(value.customerAddress, isAddress)
  );
}

/** The invoke each in-flight state runs: a restored snapshot in that state must carry it to run it again. */
const IN_FLIGHT_CALLS: Record<string, Record<string, string>> = {
  journey: { creating: 'createBasket', confirming: 'confirmOrder' },
  sync: { saving: 'updateOrder' },
  deliveryCheck: { checking: 'checkDelivery' },
  rebuild: { rebuilding: 'rebuildOrder' },
};

function carriesItsCalls(value: UnknownRecord, children: UnknownRecord): boolean {
  return Object.entries(IN_FLIGHT_CALLS).every(([region, calls]) => {
    const state = value[region];
    const call = typeof state === 'string' ? calls[state] : undefined;
    return call === undefined || isRecord(children[call]);
  });
}

/**
 * A saved basket (`actor.getPersistedSnapshot()`, read back from storage) if it still fits this statechart, else
 * undefined: a corrupt or older-shaped snapshot is dropped rather than trusted. Calls that were in flight when it
 * was saved run again once the actor starts (creating, updating and confirming are safe to repeat on the server).
 */
export function restorableBasketSnapshot(saved: unknown): Snapshot<unknown> | undefined {
  if (!isRecord(saved) || saved.status !== 'active' || !isRecord(saved.value) || !isRecord(saved.children)) return undefined;
  if (!isBasketContext(saved.context) || !carriesItsCalls(saved.value, saved.children)) return undefined;
  try {
    // Throws for a state value that names states this statechart does not have.
    const resolved = basketMachine.resolveState({ value: saved.value as never, context: saved.context as never });
    if (JSON.stringify(resolved.value) !== JSON.stringify(saved.value)) return undefined;
  } catch {
    return undefined;
  }
  return saved as unknown as Snapshot<unknown>;
}
