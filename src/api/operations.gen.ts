// Generated from openapi.yaml by scripts/gen-api.ts (npm run gen:api). Do not edit.

/** The operations with bearer security: `path` is the template as in openapi.yaml, without the `/api` server prefix. */
export const authenticatedOperations = [
  { operationId: 'getAccount', method: 'GET', path: '/account/GetAccount' },
  { operationId: 'createAccount', method: 'POST', path: '/account/CreateAccount' },
  { operationId: 'createAccountFromOrder', method: 'POST', path: '/account/CreateAccountFromOrder' },
  { operationId: 'updateProfile', method: 'POST', path: '/account/UpdateProfile' },
  { operationId: 'addAddress', method: 'POST', path: '/account/AddAddress' },
  { operationId: 'deleteAccount', method: 'POST', path: '/account/DeleteAccount' },
  { operationId: 'doLogin', method: 'GET', path: '/account/DoLogin' },
  { operationId: 'rebuildOrder', method: 'GET', path: '/account/RebuildOrder/{orderId}' },
  { operationId: 'updateOrder', method: 'POST', path: '/orderbuilder/update' },
  { operationId: 'confirmOrderAuth', method: 'POST', path: '/orderbuilder/confirmAuth' },
  { operationId: 'listKitchenOrders', method: 'GET', path: '/kitchen/orders' },
  { operationId: 'acceptKitchenOrder', method: 'POST', path: '/kitchen/orders/{orderId}/accept' },
  { operationId: 'proposeKitchenOrderTime', method: 'POST', path: '/kitchen/orders/{orderId}/proposeTime' },
  { operationId: 'refuseKitchenOrder', method: 'POST', path: '/kitchen/orders/{orderId}/refuse' },
  { operationId: 'setKitchenOrderStatus', method: 'POST', path: '/kitchen/orders/{orderId}/status' },
  { operationId: 'listBookingRequests', method: 'GET', path: '/kitchen/bookings' },
  { operationId: 'listCateringEnquiries', method: 'GET', path: '/kitchen/cateringEnquiries' },
] as const;
