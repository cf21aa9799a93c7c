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
import type { RequestBody, SuccessAnswer } from '../handlers/handlerTypes';
import { rebuiltBasket } from './orderAgain';
import type { ServiceContext } from './serviceContext';

// SPEC §7's account calls (docs/accounts.md). Each acts on the account of the verified id token's `sub` only: the
// caller is given by the handler, never named by the request.

const ORDER_NOT_FOUND_MESSAGE = 'Order not found';

const refusedFor = (failures: ValidationFailure[]) => new ApiError(400, null, failures);

/** The shared form rules' failures (src/domain/accountRules.ts), by field, as the API reports them. */
const failuresOf = (byField: Partial<Record<string, string>>): ValidationFailure[] =>
  Object.entries(byField).flatMap(([field, message]) => (message === undefined ? [] : [{ field, message }]));

function found(account: Account | undefined): Account {
  if (account === undefined) throw new ApiError(404, NO_ACCOUNT_MESSAGE);
  return account;
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

/** The caller's account (404 when they have none). */
export async function accountOf({ repositories }: ServiceContext, sub: string): Promise<Account> {
  return found(await repositories.accounts.find(sub));
}

/** Creates the caller's account (400 when they have one). */
export async function createAccount({ repositories, clock }: ServiceContext, caller: IdentityClaims, body: RequestBody<'createAccount'>): Promise<Account> {
  const { record, failures } = newAccountRecord(caller, body);
  if (failures.length > 0) throw refusedFor(failures);
  const outcome = await repositories.accounts.create(record, clock().toISOString());
  if (outcome.outcome === 'exists') throw new ApiError(400, ACCOUNT_EXISTS_MESSAGE);
  return found(outcome.account);
}

/** Creates the caller's account from the order they have just placed, with its points when they may have them. */
export async function createAccountFromOrder(
  { repositories, clock }: ServiceContext,
  caller: IdentityClaims,
  body: RequestBody<'createAccountFromOrder'>,
): Promise<Account> {
  const { record, failures } = newAccountRecord(caller, body);
  if (body.orderRef === undefined) failures.push({ field: 'orderRef', message: 'is required' });
  if (failures.length > 0 || body.orderRef === undefined) throw refusedFor(failures);
  const outcome = await repositories.accounts.createFromOrder(
    record,
    body.orderRef,
    (order) => newAccountOrderDecision(order, caller, body.points),
    clock().toISOString(),
  );
  if (outcome.outcome === 'exists') throw new ApiError(400, ACCOUNT_EXISTS_MESSAGE);
  if (outcome.outcome === 'refused') throw refusedFor([outcome.failure]);
  return found(outcome.account);
}

/** Changes the caller's name and phone. */
export async function updateProfile({ repositories }: ServiceContext, sub: string, body: RequestBody<'updateProfile'>): Promise<Account> {
  const failures = failuresOf(profileFailures(body, { required: true }));
  if (failures.length > 0) throw refusedFor(failures);
  return found(await repositories.accounts.updateProfile(sub, { name: body.name.trim(), phone: body.phone.trim() }));
}

/** Adds a delivery address to the caller's account (400 when it holds as many as it may). */
export async function addAddress({ repositories }: ServiceContext, sub: string, body: RequestBody<'addAddress'>): Promise<Account> {
  const failures = failuresOf(addressFailures(body));
  if (failures.length > 0) throw refusedFor(failures);
  const outcome = await repositories.accounts.addAddress(sub, tidyAddress(body));
  if (outcome.outcome === 'missing') throw new ApiError(404, NO_ACCOUNT_MESSAGE);
  if (outcome.outcome === 'full') throw new ApiError(400, TOO_MANY_ADDRESSES_MESSAGE);
  return found(outcome.account);
}

/** Deletes the caller's account (404 when there is none). */
export async function deleteAccount({ repositories }: ServiceContext, sub: string): Promise<void> {
  if (!(await repositories.accounts.delete(sub))) throw new ApiError(404, NOTHING_TO_DELETE_MESSAGE);
}

/** Records the caller's sign-in; answers whether they have an account. */
export function recordLogin({ repositories, clock }: ServiceContext, sub: string): Promise<boolean> {
  return repositories.accounts.recordLogin(sub, clock().toISOString());
}

/** A basket rebuilt from one of the caller's earlier orders; another customer's order and no order at all answer alike (404). */
export async function rebuildAccountOrder(context: ServiceContext, sub: string, orderId: string): Promise<SuccessAnswer<'rebuildOrder'>> {
  const previous = await context.repositories.accounts.previousOrderLines(sub, orderId);
  if (previous === undefined) throw new ApiError(404, ORDER_NOT_FOUND_MESSAGE);
  return rebuiltBasket(context, previous, [], sub);
}
