import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { KITCHEN_STAFF_GROUP, actsAs } from '../../domain/staff';
import { acceptanceTimeoutSeconds, restaurantCoreData, withTimeoutApplied, type AutoRefusalContext } from '../autoRefusalSweep';
import type { OrderKey } from '../db/acceptanceRepository';
import { changeAcceptance, requestAcceptance, requestTimesAt } from './acceptance';
import { NOT_CONFIRMED_MESSAGE, ORDER_NOT_FOUND_MESSAGE, type AcceptanceDecision, type Actor, type OrderAcceptance } from '../domain/acceptance';
import type { Basket } from '../domain/basket';
import { ApiError } from '../errors';

// How the customer's and the kitchen's calls read and change a confirmed order.

export async function autoRefusalContext(request: FastifyRequest): Promise<AutoRefusalContext> {
  const { server } = request;
  return { repositories: server.repositories, now: server.clock(), timeoutSeconds: await acceptanceTimeoutSeconds(server.repositories, server.acceptanceTimeoutSeconds) };
}

/** The order's acceptance as it stands (refused first if it timed out); 400 when there is none. */
export async function currentAcceptance(request: FastifyRequest, key: OrderKey): Promise<OrderAcceptance> {
  const acceptance = await request.server.repositories.acceptance.find(key);
  if (acceptance === undefined) throw new ApiError(400, ORDER_NOT_FOUND_MESSAGE);
  return withTimeoutApplied(await autoRefusalContext(request), acceptance);
}

/** The basket an acceptance belongs to, which exists as long as the acceptance does. */
export async function basketOf(request: FastifyRequest, acceptance: OrderAcceptance): Promise<Basket> {
  const basket = await request.server.repositories.orders.findBasket(acceptance.basketId);
  if (basket === undefined) throw new Error(`The basket of the order ${acceptance.orderRef} is missing`);
  return basket;
}

/**
 * Applies a decision to an order in one transaction; answers the order after it, or the refusal as a 400.
 * A timed-out request is refused first, so nobody can accept an order its customer has been told is refused.
 */
export async function changeOrder(
  request: FastifyRequest,
  key: OrderKey,
  decide: (current: OrderAcceptance, now: string) => AcceptanceDecision,
  actor: Actor,
): Promise<OrderAcceptance> {
  await currentAcceptance(request, key);
  const { server } = request;
  const now = server.clock().toISOString();
  const outcome = await changeAcceptance(server.repositories, key, (current) => decide(current, now), now, actor);
  if (outcome.outcome === 'missing') throw new ApiError(400, ORDER_NOT_FOUND_MESSAGE);
  if (outcome.outcome === 'refused') throw new ApiError(400, outcome.errorMessage);
  return outcome.acceptance;
}

/**
 * Whether the caller may see who ordered and where it goes (docs/interfaces.md, Privacy): the browser that ordered (its
 * basket id, a secret only it holds, in `x-basket-id`), the signed-in customer whose order it is, or the kitchen's staff.
 * An order reference alone does not: it travels in tracking links that customers share. Nor does a phone order's
 * account: it was found by the number or email staff typed, which an account may have claimed without proof.
 */
export function mayReadCustomerDetails(request: FastifyRequest, basket: Basket): boolean {
  const { identity } = request;
  if (identity !== null && actsAs(identity.groups, KITCHEN_STAFF_GROUP)) return true;
  if (identity !== null && identity.sub === basket.accountSub && basket.sourceType !== 'Phone') return true;
  const presented = request.headers['x-basket-id'];
  return typeof presented === 'string' && sameSecret(presented, basket.basketId);
}

/** Compared in constant time, so the answer's timing does not tell how much of a guessed basket id was right. */
function sameSecret(presented: string, secret: string): boolean {
  const given = Buffer.from(presented);
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The basket's acceptance request, made now if the confirmed basket has none yet. */
export async function requestedAcceptance(request: FastifyRequest, basketId: string, actor: Actor): Promise<OrderAcceptance> {
  const { repositories } = request.server;
  const now = request.server.clock();
  const outcome = await requestAcceptance(repositories, basketId, requestTimesAt(await restaurantCoreData(repositories), now), now.toISOString(), actor);
  if (outcome.outcome === 'missing') throw new ApiError(400, ORDER_NOT_FOUND_MESSAGE);
  if (outcome.outcome === 'unconfirmed') throw new ApiError(400, NOT_CONFIRMED_MESSAGE);
  return withTimeoutApplied(await autoRefusalContext(request), outcome.acceptance);
}
