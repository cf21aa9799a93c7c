export const ANNOUNCER_ELEMENT_ID = 'live-announcer';

// Long enough for a screen reader to notice the region emptied, so that the same words said twice are read twice.
const REFILL_DELAY_MS = 50;

let pendingMessage: ReturnType<typeof setTimeout> | undefined;

/** Says a message through the app's one polite live region (LiveAnnouncer), without moving focus. */
export function announce(message: string, doc: Pick<Document, 'getElementById'> = document): void {
  const region = doc.getElementById(ANNOUNCER_ELEMENT_ID);
  if (!region) return;
  clearTimeout(pendingMessage);
  region.textContent = '';
  pendingMessage = setTimeout(() => {
    region.textContent = message;
  }, REFILL_DELAY_MS);
}
