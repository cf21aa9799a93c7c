import type { components } from '../api/schema.gen';
import { londonWallClock, timeOfMinutes } from './londonClock';

type PrinterState = components['schemas']['PrinterState'];

// What the dashboard says of each printer (docs/printing.md, "On the dashboard"), and when it raises the alarm: a job
// that has waited a minute means a ticket the kitchen has not got.

/** How long a job may wait before the dashboard alerts: long enough for a retry or two, short for a kitchen. */
export const PRINT_ALERT_AFTER_MS = 60_000;

/** "Ready", "Offline since 18:05", "Not used yet", with the jobs waiting: "Offline since 18:05 · 2 tickets waiting". */
export function printerStateLabel(printer: PrinterState): string {
  const state =
    printer.state === 'offline' && printer.offlineSince !== null
      ? `Offline since ${timeOfMinutes(londonWallClock(new Date(printer.offlineSince)).minutes)}`
      : printer.state === 'ready'
        ? 'Ready'
        : 'Not used yet';
  if (printer.jobsWaiting === 0) return state;
  return `${state} · ${printer.jobsWaiting} ${printer.jobsWaiting === 1 ? 'ticket' : 'tickets'} waiting`;
}

/** The printers with a job waiting longer than a minute at `now`: the ones to alert about. */
export function printersHoldingTickets(printers: readonly PrinterState[], now: Date): PrinterState[] {
  return printers.filter((printer) => printer.oldestWaitingSince !== null && now.getTime() - Date.parse(printer.oldestWaitingSince) > PRINT_ALERT_AFTER_MS);
}
