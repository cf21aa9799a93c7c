// How people name an order: by its short number of the day ("Order 47", docs/acceptance-and-kitchen.md,
// "Identifiers"), never by its long reference, which stays the capability in links and calls.

/** "Order 47": the heading a screen, a ticket or an email gives an order. */
export function orderLabel(orderNumber: number): string {
  return `Order ${orderNumber}`;
}

/** "order 47": the same inside a sentence. */
export function orderInSentence(orderNumber: number): string {
  return `order ${orderNumber}`;
}
