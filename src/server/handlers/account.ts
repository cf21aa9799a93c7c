import { notAvailableYet } from '../errors';
import type { HandlerMap } from './handlerTypes';

type AccountOperation =
  | 'getAccount'
  | 'createAccount'
  | 'createAccountFromOrder'
  | 'updateProfile'
  | 'addAddress'
  | 'deleteAccount'
  | 'doLogin'
  | 'rebuildOrder';

// The accounts issue builds these; until then the contract answers 501.
export const accountHandlers: Pick<HandlerMap, AccountOperation> = {
  getAccount: () => notAvailableYet('getAccount'),
  createAccount: () => notAvailableYet('createAccount'),
  createAccountFromOrder: () => notAvailableYet('createAccountFromOrder'),
  updateProfile: () => notAvailableYet('updateProfile'),
  addAddress: () => notAvailableYet('addAddress'),
  deleteAccount: () => notAvailableYet('deleteAccount'),
  doLogin: () => notAvailableYet('doLogin'),
  rebuildOrder: () => notAvailableYet('rebuildOrder'),
};
