import type { FastifyRequest } from 'fastify';
import type { components } from '../../api/schema.gen';
import type { KitchenStatusValue } from '../../domain/orderEnums';
import { restaurantPhone } from '../autoRefusalSweep';
import type { OrderKey } from '../db/acceptanceRepository';
import { acceptNewTime, acceptOrder, cancelOrder, proposeTime, refuseOrder, setKitchenStatus, type Actor, type OrderAcceptance } from '../domain/acceptance';
import { ApiError } from '../errors';
import { autoRefusalContext, basketOf, changeOrder, currentAcceptance, requestedAcceptance } from './orderAccess';
import { acceptanceRequestOf, activeOrderOf, orderPaymentOf } from './orderViews';

// The answers to an order's acceptance request, each one change in its own transaction (services/acceptance.ts): the
// kitchen accepts, proposes a time, refuses or moves the order on; the customer takes the new time or cancels
// (docs/acceptance-and-kitchen.md). Each answers the order after the change; a refused change is a 400.

type ValidationFailure = components['schemas']['ValidationFailure'];

/** The kitchen accepts an order at its time: the one way an order becomes accepted by staff. */
export function acceptedByKitchen(request: FastifyRequest, key: OrderKey, actor: Actor): Promise<OrderAcceptance> {
  return changeOrder(request, key, acceptOrder, actor);
}

export function timeProposedByKitchen(request: FastifyRequest, key: OrderKey, updateTime: string, actor: Actor): Promise<OrderAcceptance> {
  return changeOrder(request, key, (current, now) => proposeTime(current, updateTime, now), actor);
}

/**
 * The kitchen refuses the order for `reason`, naming the order's `unavailableLines` (0-based) that it cannot make; a
 * blank reason or a line the order does not have is a 400 at its field, and nothing is written.
 */
export async function refusedByKitchen(request: FastifyRequest, key: OrderKey, refusal: { reason: string; unavailableLines?: number[] }, actor: Actor): Promise<OrderAcceptance> {
  const reason = refusal.reason.trim();
  const unavailableLines = refusal.unavailableLines ?? [];
  const failures: ValidationFailure[] = reason === '' ? [{ field: 'reason', message: 'must not be blank' }] : [];
  if (unavailableLines.length > 0) {
    // An order's lines never change once it is confirmed, so checking them before the change cannot race with it.
    const basket = await basketOf(request, await currentAcceptance(request, key));
    const foreign = unavailableLines.filter((lineNo) => lineNo >= basket.lines.length);
    if (foreign.length > 0) failures.push({ field: 'unavailableLines', message: `This order has no line ${foreign.map((lineNo) => lineNo + 1).join(', ')}: pick the unavailable dishes from its own lines` });
  }
  if (failures.length > 0) throw new ApiError(400, null, failures);
  return changeOrder(request, key, (current) => refuseOrder(current, reason, unavailableLines), actor);
}

export function kitchenStatusSet(request: FastifyRequest, key: OrderKey, kitchenStatus: KitchenStatusValue, actor: Actor): Promise<OrderAcceptance> {
  return changeOrder(request, key, (current, now) => setKitchenStatus(current, kitchenStatus, now), actor);
}

export function newTimeAcceptedByCustomer(request: FastifyRequest, basketId: string): Promise<OrderAcceptance> {
  return changeOrder(request, { basketId }, acceptNewTime, 'customer');
}

/**
 * The customer cancels. A confirmed order may be cancelled before its request was made; it is made, then cancelled, so
 * that the order has one record and the kitchen sees what happened.
 */
export async function cancelledByCustomer(request: FastifyRequest, basketId: string): Promise<OrderAcceptance> {
  await requestedAcceptance(request, basketId, 'customer');
  const phone = await restaurantPhone(request.server.repositories);
  return changeOrder(request, { basketId }, (current, now) => cancelOrder(current, now, phone), 'customer');
}

/**
 * The request as the customer reads it: with the lines the kitchen named, where the money is, and when it is refused
 * automatically under the restaurant's timeout now.
 */
export async function customersRequest(request: FastifyRequest, acceptance: OrderAcceptance): Promise<components['schemas']['OrderAcceptanceRequest']> {
  const [basket, payment, { timeoutSeconds }] = await Promise.all([
    basketOf(request, acceptance),
    request.server.repositories.ticketPayments.find(acceptance.basketId),
    autoRefusalContext(request),
  ]);
  return acceptanceRequestOf(acceptance, basket, payment, timeoutSeconds);
}

/** The order as its tracking page reads it, with where its money is (to be paid in cash, after a fall-back). */
export async function trackedOrder(request: FastifyRequest, acceptance: OrderAcceptance): Promise<components['schemas']['ActiveOrder']> {
  const [basket, payment] = await Promise.all([basketOf(request, acceptance), request.server.repositories.ticketPayments.find(acceptance.basketId)]);
  return activeOrderOf(acceptance, orderPaymentOf(basket, payment));
}
