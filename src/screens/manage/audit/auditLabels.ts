import { onFirstUse } from '../../../domain/onFirstUse';

// The restaurant keeps London's clock: an entry's time reads as the owner lived it, wherever the laptop is set.
const auditTimeFormat = onFirstUse(
  () => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
);

/** "28 Nov 2026, 17:05" on London's clock. */
export function auditTimeLabel(instant: string): string {
  return auditTimeFormat().format(new Date(instant));
}
