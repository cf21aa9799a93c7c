import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import type { OperationId } from '../handlers/handlerTypes';
import { connectSharedBudgets } from './sharedBudgets';

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests: please wait a moment and try again';

/**
 * Whose calls one budget counts. A basket (or an order) stands for one customer, so customers behind one shared address
 * (a mobile carrier's, an office's) never share a budget on their own basket's calls; calls without one count per client
 * address, as Fastify reads it behind TRUST_PROXY's proxies.
 */
export type BudgetHolder =
  /** `basketId` or `orderBuilderId` in the body (the address when a body may leave it out). */
  | 'basketInBody'
  | 'basketInPath'
  | 'orderInPath'
  /** The signed-in caller (the id token's `sub`). */
  | 'customer'
  | 'address';

export interface AbuseLimit {
  per: BudgetHolder;
  max: number;
  windowMinutes: number;
}

/** An operation without a limit, and why. */
export interface NoLimit {
  unlimited: string;
}

const minutesPerHour = 60;
const contentForEveryone = 'the same content for every visitor, answered from memory; a crowd behind one address loads it on every visit';
const staffOnly = "the restaurant's own signed-in staff; the dashboard polls it";

/**
 * The budgets, one per operation of openapi.yaml (a new operation fails the type check until it is given one). Each is far
 * above what a real Friday evening sends (docs/abuse-limits.md: 300 customers ordering at once from one address).
 */
export const abuseLimits = {
  getCoreRestaurantData: { unlimited: contentForEveryone },
  getPageData: { unlimited: contentForEveryone },
  getMenu: { unlimited: contentForEveryone },
  createOrderBuilder: { per: 'address', max: 1000, windowMinutes: 10 },
  checkDelivery: { per: 'address', max: 600, windowMinutes: 10 },
  getTimeSlots: { per: 'address', max: 1200, windowMinutes: 10 },
  updateOrder: { per: 'basketInBody', max: 300, windowMinutes: 10 },
  confirmOrder: { per: 'basketInBody', max: 30, windowMinutes: 10 },
  confirmOrderAuth: { per: 'basketInBody', max: 30, windowMinutes: 10 },
  createAcceptance: { per: 'basketInBody', max: 30, windowMinutes: 10 },
  getAcceptanceDetails: { per: 'basketInPath', max: 300, windowMinutes: 10 },
  acceptNewTime: { per: 'basketInPath', max: 30, windowMinutes: 10 },
  cancelOrder: { per: 'basketInPath', max: 30, windowMinutes: 10 },
  // Each answer is a new basket in the database.
  orderAgain: { per: 'basketInPath', max: 30, windowMinutes: 10 },
  setDeviceToken: { per: 'basketInBody', max: 30, windowMinutes: 10 },
  setWebPushSubscription: { per: 'basketInBody', max: 30, windowMinutes: 10 },
  stopNotifications: { per: 'basketInPath', max: 30, windowMinutes: 10 },
  getActiveOrder: { per: 'orderInPath', max: 300, windowMinutes: 10 },
  getOrderDetails: { per: 'orderInPath', max: 300, windowMinutes: 10 },
  createPayPalOrderLink: { per: 'basketInBody', max: 30, windowMinutes: 10 },
  authoriseCapture: { per: 'basketInBody', max: 30, windowMinutes: 10 },
  logPaymentError: { per: 'basketInBody', max: 30, windowMinutes: 10 },
  getBookingTimes: { per: 'address', max: 600, windowMinutes: 10 },
  createBookingRequest: { per: 'address', max: 30, windowMinutes: minutesPerHour },
  createCateringEnquiry: { per: 'address', max: 10, windowMinutes: minutesPerHour },
  createAccount: { per: 'address', max: 30, windowMinutes: minutesPerHour },
  createAccountFromOrder: { per: 'address', max: 30, windowMinutes: minutesPerHour },
  doLogin: { per: 'customer', max: 60, windowMinutes: 10 },
  getAccount: { per: 'customer', max: 300, windowMinutes: 10 },
  updateProfile: { per: 'customer', max: 60, windowMinutes: 10 },
  addAddress: { per: 'customer', max: 60, windowMinutes: 10 },
  deleteAccount: { per: 'customer', max: 10, windowMinutes: 10 },
  rebuildOrder: { per: 'customer', max: 60, windowMinutes: 10 },
  listKitchenOrders: { unlimited: staffOnly },
  placePhoneOrder: { unlimited: staffOnly },
  acceptKitchenOrder: { unlimited: staffOnly },
  proposeKitchenOrderTime: { unlimited: staffOnly },
  refuseKitchenOrder: { unlimited: staffOnly },
  setKitchenOrderStatus: { unlimited: staffOnly },
  listBookingRequests: { unlimited: staffOnly },
  listCateringEnquiries: { unlimited: staffOnly },
  listAuditEntries: { unlimited: staffOnly },
  getDeliveryZones: { unlimited: staffOnly },
  saveDeliveryZones: { unlimited: staffOnly },
  checkDeliveryZone: { unlimited: staffOnly },
  getPrinters: { unlimited: staffOnly },
  savePrinters: { unlimited: staffOnly },
  listKitchenPrinters: { unlimited: staffOnly },
  reprintKitchenOrder: { unlimited: staffOnly },
  findCustomers: { unlimited: staffOnly },
  getCustomer: { unlimited: staffOnly },
  giveCustomerPoints: { unlimited: staffOnly },
  giveCustomerVoucher: { unlimited: staffOnly },
  getTakings: { unlimited: staffOnly },
  exportTakingsCsv: { unlimited: staffOnly },
  getManageSettings: { unlimited: staffOnly },
  saveManageSettings: { unlimited: staffOnly },
  getManageHours: { unlimited: staffOnly },
  saveManageHours: { unlimited: staffOnly },
  getBusyMode: { unlimited: staffOnly },
  setBusyMode: { unlimited: staffOnly },
  getManagedMenu: { unlimited: staffOnly },
  saveMenuDraft: { unlimited: staffOnly },
  publishMenuDraft: { unlimited: staffOnly },
  discardMenuDraft: { unlimited: staffOnly },
  uploadPhoto: { unlimited: staffOnly },
  listManagedPages: { unlimited: staffOnly },
  getManagedPage: { unlimited: staffOnly },
  savePageDraft: { unlimited: staffOnly },
  publishPageDraft: { unlimited: staffOnly },
  discardPageDraft: { unlimited: staffOnly },
  removePage: { unlimited: staffOnly },
  listSoldOut: { unlimited: staffOnly },
  setSoldOut: { unlimited: staffOnly },
} as const satisfies { [K in OperationId]: AbuseLimit | NoLimit };

function stringField(source: unknown, name: string): string | undefined {
  const value = typeof source === 'object' && source !== null ? (source as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

function clientAddress(request: FastifyRequest): string {
  // One IPv6 client holds a whole /64, so it counts as one.
  return `address:${normalizeIP(request.ip)}`;
}

function budgetKey(per: BudgetHolder): (request: FastifyRequest) => string {
  switch (per) {
    case 'basketInBody':
      return (request) => {
        const basketId = stringField(request.body, 'basketId') ?? stringField(request.body, 'orderBuilderId');
        return basketId === undefined ? clientAddress(request) : `basket:${basketId}`;
      };
    case 'basketInPath':
      return (request) => `basket:${stringField(request.params, 'basketId')}`;
    case 'orderInPath':
      return (request) => `order:${stringField(request.params, 'orderId')}`;
    case 'customer':
      return (request) => (request.identity === null ? clientAddress(request) : `customer:${request.identity.sub}`);
    case 'address':
      return clientAddress;
  }
}

const BASKETS_REMEMBERED_PER_OPERATION = 20_000;

/**
 * The abuse limits of `abuseLimits`, by @fastify/rate-limit, on the contract's routes: register before the routes. A call
 * over its budget is 429 in the SPEC §8 envelope with `Retry-After` (seconds). A budget is counted once the call has passed
 * the sign-in checks and the contract's validation (before the handler), so calls that are refused anyway cost no budget
 * and the basket is read from a body known to be well formed. The counts are kept in Redis when `redisUrl` names one, shared
 * by every server (a call Redis fails to count is served), else in this server's memory. `enabled` false (RATE_LIMITS=off)
 * is for load tests only.
 */
export async function registerRateLimits(app: FastifyInstance, { enabled, redisUrl }: { enabled: boolean; redisUrl: string | undefined }): Promise<void> {
  if (!enabled) return;
  // Before the plugin's own onRoute hook, which reads each route's `config.rateLimit`.
  app.addHook('onRoute', (route) => {
    const operationId = (route.schema as { operationId?: string } | undefined)?.operationId;
    const limit: AbuseLimit | NoLimit | undefined = abuseLimits[operationId as OperationId];
    if (limit === undefined || 'unlimited' in limit) return;
    route.config = {
      ...route.config,
      rateLimit: { max: limit.max, timeWindow: limit.windowMinutes * 60_000, keyGenerator: budgetKey(limit.per) },
    };
  });
  const shared = redisUrl === undefined ? undefined : await connectSharedBudgets(redisUrl, app.log);
  if (shared !== undefined) app.addHook('onClose', shared.close);
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    ...(shared === undefined ? { cache: BASKETS_REMEMBERED_PER_OPERATION } : { store: shared.Store, skipOnError: true }),
    errorResponseBuilder: () => new ApiError(429, TOO_MANY_REQUESTS_MESSAGE),
  });
}
