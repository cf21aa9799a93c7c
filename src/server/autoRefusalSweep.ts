import type { FastifyInstance } from 'fastify';
import type { Repositories, RestaurantData } from './db/repositories';
import type { OrderAcceptance } from './domain/acceptance';
import { changeAcceptance, requestAcceptance, requestTimesAt } from './services/acceptance';
import { autoRefusalSweepIntervalMs, isTimedOut, refuseIfTimedOut, timedOutIfAnswerFrom } from './domain/autoRefusal';

// Requests the restaurant leaves unanswered are refused by the server: before anyone reads them, and
// by a sweep every 15 seconds (or every timeout, when shorter) so that nothing waits for a reader
// (docs/acceptance-and-kitchen.md). The same sweep makes the request of an order confirmed whose browser never asked
// for it (closed, or its connection lost, between the confirmation and `createAcceptance`), so that the kitchen sees it. Every server runs its sweep; the refusal is decided under the order's row lock,
// so two servers sweeping the same order refuse it once.

export interface AutoRefusalContext {
  repositories: Repositories;
  now: Date;
  timeoutSeconds: number;
}

/** The restaurant's automatic-refusal time: the owner's (docs/back-office.md, "Settings"), or the server's configured one. */
export async function acceptanceTimeoutSeconds(repositories: Repositories, configuredSeconds: number): Promise<number> {
  return (await repositories.restaurant.getAcceptanceTimeoutSeconds()) ?? configuredSeconds;
}

export async function restaurantCoreData(repositories: Repositories): Promise<RestaurantData> {
  const restaurant = await repositories.restaurant.getCoreData();
  // The database is seeded on first start, so a missing restaurant is a broken deployment.
  if (restaurant === undefined) throw new Error('The restaurant core data is missing from the database');
  return restaurant;
}

export async function restaurantPhone(repositories: Repositories): Promise<string> {
  return (await restaurantCoreData(repositories)).phone;
}

async function refuse({ repositories, now, timeoutSeconds }: AutoRefusalContext, basketId: string, phone: string): Promise<OrderAcceptance | undefined> {
  // The decision is taken again under the order's lock: a kitchen answer that got there first wins.
  const outcome = await changeAcceptance(
    repositories,
    { basketId },
    (current) => refuseIfTimedOut(current, now, timeoutSeconds, phone),
    now.toISOString(),
    'system',
  );
  return outcome.outcome === 'changed' || outcome.outcome === 'unchanged' ? outcome.acceptance : undefined;
}

/** Refuses every timed-out request; answers how many it refused. */
export async function refuseTimedOutRequests(context: AutoRefusalContext): Promise<number> {
  const basketIds = await context.repositories.acceptance.findWaitingSince(timedOutIfAnswerFrom(context.now, context.timeoutSeconds));
  if (basketIds.length === 0) return 0;
  const phone = await restaurantPhone(context.repositories);
  for (const basketId of basketIds) await refuse(context, basketId, phone);
  return basketIds.length;
}

/** How long a confirmed order waits for its browser's `createAcceptance` before the server makes the request itself. */
export const FORGOTTEN_REQUEST_GRACE_MS = 30_000;
/** Orders confirmed longer ago than this are left alone: the kitchen's list reaches back a day. */
const FORGOTTEN_REQUEST_REACH_MS = 24 * 60 * 60 * 1000;

/** Makes the acceptance request of every order confirmed without one over the grace period; answers how many. */
export async function requestForgottenOrders(repositories: Repositories, now: Date): Promise<number> {
  const basketIds = await repositories.acceptance.findConfirmedWithoutRequest(
    new Date(now.getTime() - FORGOTTEN_REQUEST_REACH_MS).toISOString(),
    new Date(now.getTime() - FORGOTTEN_REQUEST_GRACE_MS).toISOString(),
  );
  if (basketIds.length === 0) return 0;
  const timesOf = requestTimesAt(await restaurantCoreData(repositories), now);
  // Under the basket's lock: a browser's own request that got there first is kept.
  for (const basketId of basketIds) await requestAcceptance(repositories, basketId, timesOf, now.toISOString(), 'system');
  return basketIds.length;
}

/** The order as a reader should see it: refused first if its request has timed out. */
export async function withTimeoutApplied(context: AutoRefusalContext, acceptance: OrderAcceptance): Promise<OrderAcceptance> {
  if (!isTimedOut(acceptance, context.now, context.timeoutSeconds)) return acceptance;
  return (await refuse(context, acceptance.basketId, await restaurantPhone(context.repositories))) ?? acceptance;
}

/**
 * Sweeps while the app is listening and stops when it closes, waiting for a sweep under way so that the
 * database is not closed beneath it. The timer never keeps the process alive on its own. Each sweep reads the
 * restaurant's timeout (the owner may change it); the interval follows the configured one, and the owner's is at
 * least a minute, longer than the interval.
 */
export function registerAutoRefusalSweep(app: FastifyInstance, configuredTimeoutSeconds: number): void {
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;
  const sweep = () => {
    // A sweep slower than the interval is not overlapped by the next one.
    sweeping ??= requestForgottenOrders(app.repositories, app.clock())
      .then(() => acceptanceTimeoutSeconds(app.repositories, configuredTimeoutSeconds))
      .then((timeoutSeconds) => refuseTimedOutRequests({ repositories: app.repositories, now: app.clock(), timeoutSeconds }))
      .then(
        () => undefined,
        (error: unknown) => app.log.error({ err: error }, 'requesting forgotten orders or refusing timed-out requests failed'),
      )
      .finally(() => {
        sweeping = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, autoRefusalSweepIntervalMs(configuredTimeoutSeconds));
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping;
  });
}
