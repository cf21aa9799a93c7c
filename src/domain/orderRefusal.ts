// What the customer is told when the kitchen refuses an order naming the dishes it cannot make
// (docs/acceptance-and-kitchen.md): the refusal page and its email say the same.

/** "A", "A and B", "A, B and C" (en-GB: no comma before "and"); by hand, as formatGbp, to keep Intl off the start-up. */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "Sorry, Salt & Pepper Chicken Wings is unavailable"; undefined when the kitchen named none. */
export function unavailableItemsSentence(items: readonly string[]): string | undefined {
  if (items.length === 0) return undefined;
  return `Sorry, ${listed(items)} ${items.length === 1 ? 'is' : 'are'} unavailable`;
}
