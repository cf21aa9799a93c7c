// Generated from openapi.yaml by scripts/gen-api.ts (npm run gen:api). Do not edit.

/**
 * The operations with bearer security: `path` is the template as in openapi.yaml, without the `/api` server prefix;
 * `optional` when anonymous callers are served too (the bearer is sent only for a signed-in user).
 */
export const authenticatedOperations = [
  { operationId: 'getAccount', method: 'GET', path: '/account/GetAccount', optional: false },
  { operationId: 'createAccount', method: 'POST', path: '/account/CreateAccount', optional: false },
  { operationId: 'createAccountFromOrder', method: 'POST', path: '/account/CreateAccountFromOrder', optional: false },
  { operationId: 'updateProfile', method: 'POST', path: '/account/UpdateProfile', optional: false },
  { operationId: 'addAddress', method: 'POST', path: '/account/AddAddress', optional: false },
  { operationId: 'deleteAccount', method: 'POST', path: '/account/DeleteAccount', optional: false },
  { operationId: 'doLogin', method: 'GET', path: '/account/DoLogin', optional: false },
  { operationId: 'rebuildOrder', method: 'GET', path: '/account/RebuildOrder/{orderId}', optional: false },
  { operationId: 'updateOrder', method: 'POST', path: '/orderbuilder/update', optional: true },
  { operationId: 'confirmOrderAuth', method: 'POST', path: '/orderbuilder/confirmAuth', optional: false },
  { operationId: 'getOrderDetails', method: 'GET', path: '/order/OrderDetails/{orderId}', optional: true },
  { operationId: 'authoriseCapture', method: 'POST', path: '/payment/authorise-capture', optional: true },
  { operationId: 'listKitchenOrders', method: 'GET', path: '/kitchen/orders', optional: false },
  { operationId: 'acceptKitchenOrder', method: 'POST', path: '/kitchen/orders/{orderId}/accept', optional: false },
  { operationId: 'proposeKitchenOrderTime', method: 'POST', path: '/kitchen/orders/{orderId}/proposeTime', optional: false },
  { operationId: 'refuseKitchenOrder', method: 'POST', path: '/kitchen/orders/{orderId}/refuse', optional: false },
  { operationId: 'setKitchenOrderStatus', method: 'POST', path: '/kitchen/orders/{orderId}/status', optional: false },
  { operationId: 'listBookingRequests', method: 'GET', path: '/kitchen/bookings', optional: false },
  { operationId: 'listAuditEntries', method: 'GET', path: '/manage/audit', optional: false },
  { operationId: 'listCateringEnquiries', method: 'GET', path: '/kitchen/cateringEnquiries', optional: false },
] as const;
