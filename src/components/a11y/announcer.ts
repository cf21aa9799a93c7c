export const ANNOUNCER_ELEMENT_ID = 'live-announcer';
export const URGENT_ANNOUNCER_ELEMENT_ID = 'live-announcer-urgent';

/**
 * Polite for what the app tells the customer in passing (a new page, a changed total); assertive for a refusal the
 * customer has just caused, which should interrupt: nothing happens until they act on it.
 */
export type Urgency = 'polite' | 'assertive';

const REGION_ID: Record<Urgency, string> = { polite: ANNOUNCER_ELEMENT_ID, assertive: URGENT_ANNOUNCER_ELEMENT_ID };

// Long enough for a screen reader to notice the region emptied, so that the same words said twice are read twice.
const REFILL_DELAY_MS = 50;

const pendingMessages: Partial<Record<Urgency, ReturnType<typeof setTimeout>>> = {};

interface AnnounceOptions {
  urgency?: Urgency;
  doc?: Pick<Document, 'getElementById'>;
}

/** Says a message through one of the app's two live regions (LiveAnnouncer), without moving focus. */
export function announce(message: string, { urgency = 'polite', doc = document }: AnnounceOptions = {}): void {
  const region = doc.getElementById(REGION_ID[urgency]);
  if (!region) return;
  clearTimeout(pendingMessages[urgency]);
  region.textContent = '';
  pendingMessages[urgency] = setTimeout(() => {
    region.textContent = message;
  }, REFILL_DELAY_MS);
}

/** Empties a region, so that a refusal made on one page is not found later on the next (its region outlives the page). */
export function clearAnnouncement(urgency: Urgency, doc: Pick<Document, 'getElementById'> = document): void {
  clearTimeout(pendingMessages[urgency]);
  const region = doc.getElementById(REGION_ID[urgency]);
  if (region) region.textContent = '';
}
