/** The `?orderId=…` of `/confirmation` and `/track` (docs/acceptance-and-kitchen.md): the order's reference, when given. */
export type OrderIdSearch = { orderId?: string | undefined };

export function validateOrderIdSearch(search: Record<string, unknown>): OrderIdSearch {
  // The router reads "?orderId=47" as the number 47: digits a customer typed are still the reference they gave.
  const given = typeof search.orderId === 'number' && Number.isFinite(search.orderId) ? String(search.orderId) : search.orderId;
  // Said even when there is none: a key left out here would reach the page as the URL had it, a number or an object.
  return { orderId: typeof given === 'string' && given.trim() !== '' ? given.trim() : undefined };
}
