import type { components } from '../../api/schema.gen';
import type { AuditRecord } from '../db/editRepository';
import { replacePrinters, unknownPrinterIds, type Printer, type PrinterState, type PrinterToSave } from '../db/printRepository';
import { ApiError } from '../errors';
import type { HandlerMap } from './handlerTypes';
import { saveEdit } from './ownerEdits';
import { reprintedTickets } from '../services/ticketReprints';

// The owner's printers and the kitchen's view of them (docs/printing.md).

type ManagedPrinter = components['schemas']['ManagedPrinter'];
type ValidationFailure = components['schemas']['ValidationFailure'];

const SAME_ADDRESS_MESSAGE = 'is the address of another printer in the list';
const UNKNOWN_PRINTER_MESSAGE = 'names no printer of this restaurant: reload the page';

const PRINTS_WORDS: Readonly<Record<Printer['prints'], string>> = { kitchen: 'kitchen tickets', receipt: 'customer receipts', both: 'kitchen tickets and receipts' };

const managedPrinterOf = ({ printerId, name, host, port, paperWidth, prints, copies }: Printer): ManagedPrinter => ({ printerId, name, host, port, paperWidth, prints, copies });

const describe = (printer: Printer) =>
  `${printer.host}:${printer.port}, ${printer.paperWidth} mm, ${PRINTS_WORDS[printer.prints]}, ${printer.copies} ${printer.copies === 1 ? 'copy' : 'copies'}`;

/** One audit line per printer added, removed or changed, as the owner reads them. */
export function printerChanges(before: readonly Printer[], after: readonly Printer[]): AuditRecord[] {
  const records: AuditRecord[] = [];
  for (const old of before) {
    const now = after.find((printer) => printer.printerId === old.printerId);
    if (now === undefined) records.push({ area: 'printers', summary: `Printer ${old.name} removed`, before: old, after: null });
    else if (describe(old) !== describe(now) || old.name !== now.name) {
      records.push({ area: 'printers', summary: `Printer ${now.name}: ${describe(now)}${old.name === now.name ? '' : ` (was ${old.name})`}`, before: old, after: now });
    }
  }
  for (const now of after) {
    if (!before.some((printer) => printer.printerId === now.printerId)) records.push({ area: 'printers', summary: `Printer ${now.name} added: ${describe(now)}`, before: null, after: now });
  }
  return records;
}

/** Ready, offline or not yet heard from, as the dashboard shows it. */
function stateOf(printer: PrinterState): components['schemas']['PrinterState'] {
  const { printerId, name, checkedAt, offlineSince, lastError, jobsWaiting, oldestWaitingSince } = printer;
  const state = offlineSince !== null ? 'offline' : checkedAt !== null ? 'ready' : 'unknown';
  return { printerId, name, state, checkedAt, offlineSince, lastError, jobsWaiting, oldestWaitingSince };
}

export const printerHandlers: Pick<HandlerMap, 'getPrinters' | 'savePrinters' | 'listKitchenPrinters' | 'reprintKitchenOrder'> = {
  async getPrinters(request) {
    const { repositories, loopbackPrinter } = request.server;
    const [printers, revision] = await Promise.all([repositories.printing.listPrinters(), repositories.edits.revisionOf('printers')]);
    return {
      data: {
        printers: printers.map(managedPrinterOf),
        revision,
        loopbackPrinter: loopbackPrinter === null ? null : { host: loopbackPrinter.host, port: loopbackPrinter.port },
      },
    };
  },

  async savePrinters(request) {
    const { revision } = request.body;
    const printers: PrinterToSave[] = request.body.printers.map((printer) => ({ ...printer, name: printer.name.trim(), host: printer.host.toLowerCase() }));
    const failures: ValidationFailure[] = [];
    printers.forEach((printer, index) => {
      const first = printers.findIndex((other) => other.host === printer.host && other.port === printer.port);
      if (first < index) failures.push({ field: `printers[${index}].host`, message: SAME_ADDRESS_MESSAGE });
      if (printer.printerId !== undefined && printers.findIndex((other) => other.printerId === printer.printerId) < index) {
        failures.push({ field: `printers[${index}].printerId`, message: 'lists the same printer twice' });
      }
    });
    if (failures.length > 0) throw new ApiError(400, null, failures);
    const saved = await saveEdit(request, 'printers', revision, async (transaction) => {
      const unknown = await unknownPrinterIds(transaction, printers.flatMap((printer) => (printer.printerId === undefined ? [] : [printer.printerId])));
      if (unknown.length > 0) {
        throw new ApiError(
          400,
          null,
          unknown.map((printerId) => ({ field: `printers[${printers.findIndex((printer) => printer.printerId === printerId)}].printerId`, message: UNKNOWN_PRINTER_MESSAGE })),
        );
      }
      const { before, after } = await replacePrinters(transaction, printers, request.server.clock().toISOString());
      return { result: after, audit: printerChanges(before, after) };
    });
    const { loopbackPrinter } = request.server;
    return {
      data: {
        printers: saved.result.map(managedPrinterOf),
        revision: saved.revision,
        loopbackPrinter: loopbackPrinter === null ? null : { host: loopbackPrinter.host, port: loopbackPrinter.port },
      },
    };
  },

  async listKitchenPrinters(request) {
    const { repositories, loopbackPrinter, clock } = request.server;
    const printers = await repositories.printing.printerStates();
    return {
      data: {
        printers: printers.map(stateOf),
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
