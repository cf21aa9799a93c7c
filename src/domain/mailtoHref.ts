// Apart from contactRules.ts, which every first load runs: only the kitchen's Bookings view links to an email.

/**
 * A `mailto:` link to one address and nothing more: its parts are percent-encoded, so an address a customer typed with
 * `?cc=…&subject=…&body=…` (which the address rule lets through) cannot add recipients or text to staff's reply.
 */
export function mailtoHref(email: string): string {
  return `mailto:${email.split('@').map(encodeURIComponent).join('@')}`;
}
