import type { components } from '../../api/schema.gen';
import type { Printer, PrinterState } from '../db/printRepository';
import { printers, printerStates, savePrinters } from '../services/printers';
import { reprintedTickets } from '../services/ticketReprints';
import type { HandlerMap } from './handlerTypes';
import { changeSaved, whoOf } from './ownerEdits';

// The owner's printers and the kitchen's view of them (docs/printing.md); the use-cases are services/printers.ts.

type ManagedPrinter = components['schemas']['ManagedPrinter'];

const managedPrinterOf = ({ printerId, name, host, port, paperWidth, prints, copies }: Printer): ManagedPrinter => ({ printerId, name, host, port, paperWidth, prints, copies });

/** Ready, offline or not yet heard from, as the dashboard shows it. */
function stateOf(printer: PrinterState): components['schemas']['PrinterState'] {
  const { printerId, name, checkedAt, offlineSince, lastError, jobsWaiting, oldestWaitingSince } = printer;
  const state = offlineSince !== null ? 'offline' : checkedAt !== null ? 'ready' : 'unknown';
  return { printerId, name, state, checkedAt, offlineSince, lastError, jobsWaiting, oldestWaitingSince };
}

/** The owner's printers as the contract gives them, with the loopback printer's address when one runs. */
function managedPrintersOf({ printers: list, revision }: { printers: Printer[]; revision: number }, loopbackPrinter: { host: string; port: number } | null) {
  return {
    printers: list.map(managedPrinterOf),
    revision,
    loopbackPrinter: loopbackPrinter === null ? null : { host: loopbackPrinter.host, port: loopbackPrinter.port },
  };
}

export const printerHandlers: Pick<HandlerMap, 'getPrinters' | 'savePrinters' | 'listKitchenPrinters' | 'reprintKitchenOrder'> = {
  async getPrinters(request) {
    return { data: managedPrintersOf(await printers(request.server), request.server.loopbackPrinter) };
  },

  async savePrinters(request) {
    const saved = changeSaved(await savePrinters(request.server, whoOf(request), request.body.revision, request.body.printers));
    return { data: managedPrintersOf({ printers: saved.result, revision: saved.revision }, request.server.loopbackPrinter) };
  },

  async listKitchenPrinters(request) {
    const { loopbackPrinter, clock } = request.server;
    return {
      data: {
        printers: (await printerStates(request.server)).map(stateOf),
        serverTime: clock().toISOString(),
        loopbackPrinter:
          loopbackPrinter === null
            ? null
            : {
                host: loopbackPrinter.host,
                port: loopbackPrinter.port,
                tickets: loopbackPrinter.printed().map(({ receivedAt, text }) => ({ receivedAt, text })),
              },
      },
    };
  },

  async reprintKitchenOrder(request) {
    return { data: { jobs: await reprintedTickets(request.server, request.params.orderId) } };
  },
};
