import type { FastifyRequest } from 'fastify';
import { addressFailures, profileFailures, tidyAddress } from '../../domain/accountRules';
import type { NewAccountRecord } from '../db/accountRepository';
import {
  ACCOUNT_EXISTS_MESSAGE,
  NO_ACCOUNT_MESSAGE,
  NOTHING_TO_DELETE_MESSAGE,
  TOO_MANY_ADDRESSES_MESSAGE,
  newAccountOrderDecision,
  type Account,
} from '../domain/account';
import type { ValidationFailure } from '../domain/validationFailure';
import type { IdentityClaims } from '../identity/verify';
import { ApiError } from '../errors';
import { accountProfileOf } from './accountViews';
import type { HandlerMap } from './handlerTypes';
import { rebuiltBasket } from '../services/orderAgain';
import { signedInCaller } from './signedInCaller';

type AccountOperation =
  | 'getAccount'
  | 'createAccount'
  | 'createAccountFromOrder'
  | 'updateProfile'
  | 'addAddress'
  | 'deleteAccount'
  | 'doLogin'
  | 'rebuildOrder';

const ORDER_NOT_FOUND_MESSAGE = 'Order not found';

const refusedFor = (failures: ValidationFailure[]) => new ApiError(400, null, failures);

/** The shared form rules' failures (src/domain/accountRules.ts), by field, as the API reports them. */
const failuresOf = (byField: Partial<Record<string, string>>): ValidationFailure[] =>
  Object.entries(byField).flatMap(([field, message]) => (message === undefined ? [] : [{ field, message }]));

/** The account of the verified token's user; the request names none (docs/accounts.md). */
function accountAnswer(account: Account | undefined) {
  if (account === undefined) throw new ApiError(404, NO_ACCOUNT_MESSAGE);
  return { data: { account: accountProfileOf(account) } };
}

/**
 * SPEC has CreateAccount and CreateAccountFromOrder send the user's id and email: they must be the token's own, so
 * nobody creates an account for someone else. Name and phone are optional; an empty one is not given.
 */
function newAccountRecord(
  caller: IdentityClaims,
  body: { authId: string; email: string; name?: string; phone?: string },
): { record: NewAccountRecord; failures: ValidationFailure[] } {
  const failures: ValidationFailure[] = [];
  if (body.authId !== caller.sub) failures.push({ field: 'authId', message: 'must be the id of the user you signed in as' });
  if (body.email.trim().toLowerCase() !== caller.email.trim().toLowerCase()) {
    failures.push({ field: 'email', message: 'must be the email address you signed in with' });
  }
  const name = body.name?.trim() ?? '';
  const phone = body.phone?.trim() ?? '';
  failures.push(...failuresOf(profileFailures({ name, phone }, { required: false })));
  return { record: { authSub: caller.sub, email: caller.email, name: name || null, phone: phone || null }, failures };
}

function nowOf(request: FastifyRequest): string {
  return request.server.clock().toISOString();
}

// SPEC §7's account calls. Each acts on the account of the verified id token's `sub` only.
export const accountHandlers: Pick<HandlerMap, AccountOperation> = {
  async getAccount(request) {
    return accountAnswer(await request.server.repositories.accounts.find(signedInCaller(request).sub));
  },

  async createAccount(request) {
    const { record, failures } = newAccountRecord(signedInCaller(request), request.body);
    if (failures.length > 0) throw refusedFor(failures);
    const outcome = await request.server.repositories.accounts.create(record, nowOf(request));
    if (outcome.outcome === 'exists') throw new ApiError(400, ACCOUNT_EXISTS_MESSAGE);
    return accountAnswer(outcome.account);
  },

  async createAccountFromOrder(request) {
    const caller = signedInCaller(request);
    const { body } = request;
    const { record, failures } = newAccountRecord(caller, body);
    if (body.orderRef === undefined) failures.push({ field: 'orderRef', message: 'is required' });
    if (failures.length > 0 || body.orderRef === undefined) throw refusedFor(failures);
    const outcome = await request.server.repositories.accounts.createFromOrder(
      record,
      body.orderRef,
      (order) => newAccountOrderDecision(order, caller, body.points),
      nowOf(request),
    );
    if (outcome.outcome === 'exists') throw new ApiError(400, ACCOUNT_EXISTS_MESSAGE);
    if (outcome.outcome === 'refused') throw refusedFor([outcome.failure]);
    return accountAnswer(outcome.account);
  },

  async updateProfile(request) {
    const failures = failuresOf(profileFailures(request.body, { required: true }));
    if (failures.length > 0) throw refusedFor(failures);
    const profile = { name: request.body.name.trim(), phone: request.body.phone.trim() };
    return accountAnswer(await request.server.repositories.accounts.updateProfile(signedInCaller(request).sub, profile));
  },

  async addAddress(request) {
    const failures = failuresOf(addressFailures(request.body));
    if (failures.length > 0) throw refusedFor(failures);
    const outcome = await request.server.repositories.accounts.addAddress(signedInCaller(request).sub, tidyAddress(request.body));
    if (outcome.outcome === 'missing') throw new ApiError(404, NO_ACCOUNT_MESSAGE);
    if (outcome.outcome === 'full') throw new ApiError(400, TOO_MANY_ADDRESSES_MESSAGE);
    return accountAnswer(outcome.account);
  },

  async deleteAccount(request) {
    const deleted = await request.server.repositories.accounts.delete(signedInCaller(request).sub);
    if (!deleted) throw new ApiError(404, NOTHING_TO_DELETE_MESSAGE);
    return { data: { accountDeleted: true } };
  },

  async doLogin(request) {
    return { data: { accountExists: await request.server.repositories.accounts.recordLogin(signedInCaller(request).sub, nowOf(request)) } };
  },

  async rebuildOrder(request) {
    const { sub } = signedInCaller(request);
    // Another customer's order and no order at all answer alike.
    const previous = await request.server.repositories.accounts.previousOrderLines(sub, request.params.orderId);
    if (previous === undefined) throw new ApiError(404, ORDER_NOT_FOUND_MESSAGE);
    return rebuiltBasket(request.server, previous, [], sub);
  },
};
