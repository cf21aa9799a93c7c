/** The `?orderId=…` of `/confirmation` and `/track` (docs/acceptance-and-kitchen.md): the order's reference, when given. */
export type OrderIdSearch = { orderId?: string };

export function validateOrderIdSearch(search: Record<string, unknown>): OrderIdSearch {
  const { orderId } = search;
  return typeof orderId === 'string' && orderId.trim() !== '' ? { orderId: orderId.trim() } : {};
}
