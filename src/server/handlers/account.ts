import type { Account } from '../domain/account';
import {
  accountOf,
  addAddress,
  createAccount,
  createAccountFromOrder,
  deleteAccount,
  rebuildAccountOrder,
  recordLogin,
  updateProfile,
} from '../services/accounts';
import { accountProfileOf } from './accountViews';
import type { HandlerMap } from './handlerTypes';
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

const accountAnswer = (account: Account) => ({ data: { account: accountProfileOf(account) } });

// SPEC §7's account calls; the use-cases are services/accounts.ts. Each acts on the account of the verified id token's
// `sub` only.
export const accountHandlers: Pick<HandlerMap, AccountOperation> = {
  async getAccount(request) {
    return accountAnswer(await accountOf(request.server, signedInCaller(request).sub));
  },

  async createAccount(request) {
    return accountAnswer(await createAccount(request.server, signedInCaller(request), request.body));
  },

  async createAccountFromOrder(request) {
    return accountAnswer(await createAccountFromOrder(request.server, signedInCaller(request), request.body));
  },

  async updateProfile(request) {
    return accountAnswer(await updateProfile(request.server, signedInCaller(request).sub, request.body));
  },

  async addAddress(request) {
    return accountAnswer(await addAddress(request.server, signedInCaller(request).sub, request.body));
  },

  async deleteAccount(request) {
    await deleteAccount(request.server, signedInCaller(request).sub);
    return { data: { accountDeleted: true } };
  },

  async doLogin(request) {
    return { data: { accountExists: await recordLogin(request.server, signedInCaller(request).sub) } };
  },

  async rebuildOrder(request) {
    return rebuildAccountOrder(request.server, signedInCaller(request).sub, request.params.orderId);
  },
};
