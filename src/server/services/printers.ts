import type { components } from '../../api/schema.gen';
import type { AuditRecord, EditOutcome, Editor } from '../db/editRepository';
import { replacePrinters, unknownPrinterIds, type Printer, type PrinterState, type PrinterToSave } from '../db/printRepository';
import { ApiError } from '../errors';
import type { RequestBody } from '../handlers/handlerTypes';
import { saveEdit } from './ownerChanges';
import type { ServiceContext } from './serviceContext';

// The owner's printers and the kitchen's view of them (docs/printing.md): the list saved as a whole against its revision.

type ValidationFailure = components['schemas']['ValidationFailure'];

const SAME_ADDRESS_MESSAGE = 'is the address of another printer in the list';
const UNKNOWN_PRINTER_MESSAGE = 'names no printer of this restaurant: reload the page';

const PRINTS_WORDS: Readonly<Record<Printer['prints'], string>> = { kitchen: 'kitchen tickets', receipt: 'customer receipts', both: 'kitchen tickets and receipts' };

const describe = (printer: Printer) =>
  `${printer.host}:${printer.port}, ${printer.paperWidth} mm, ${PRINTS_WORDS[printer.prints]}, ${printer.copies} ${printer.copies === 1 ? 'copy' : 'copies'}`;

/** One audit line per printer added, removed or changed, as the owner reads them. */
function printerChanges(before: readonly Printer[], after: readonly Printer[]): AuditRecord[] {
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

/** The printers and the revision they are at. */
export async function printers({ repositories }: ServiceContext): Promise<{ printers: Printer[]; revision: number }> {
  const [list, revision] = await Promise.all([repositories.printing.listPrinters(), repositories.edits.revisionOf('printers')]);
  return { printers: list, revision };
}

/** Each printer as the kitchen last heard from it, with its jobs waiting. */
export function printerStates({ repositories }: ServiceContext): Promise<PrinterState[]> {
  return repositories.printing.printerStates();
}

/**
 * Replaces the printers if they are still at `revision`, with an audit line per printer changed. Two printers at one
 * address, one printer listed twice, or a printer id that is not this restaurant's are refused (400), and nothing is written.
 */
export function savePrinters(context: ServiceContext, who: { editor: Editor; now: Date }, revision: number, asked: RequestBody<'savePrinters'>['printers']): Promise<EditOutcome<Printer[]>> {
  const list: PrinterToSave[] = asked.map((printer) => ({ ...printer, name: printer.name.trim(), host: printer.host.toLowerCase() }));
  const failures: ValidationFailure[] = [];
  list.forEach((printer, index) => {
    const first = list.findIndex((other) => other.host === printer.host && other.port === printer.port);
    if (first < index) failures.push({ field: `printers[${index}].host`, message: SAME_ADDRESS_MESSAGE });
    if (printer.printerId !== undefined && list.findIndex((other) => other.printerId === printer.printerId) < index) {
      failures.push({ field: `printers[${index}].printerId`, message: 'lists the same printer twice' });
    }
  });
  if (failures.length > 0) throw new ApiError(400, null, failures);
  return saveEdit(context, 'printers', revision, who, async (transaction) => {
    const unknown = await unknownPrinterIds(transaction, list.flatMap((printer) => (printer.printerId === undefined ? [] : [printer.printerId])));
    if (unknown.length > 0) {
      throw new ApiError(
        400,
        null,
        unknown.map((printerId) => ({ field: `printers[${list.findIndex((printer) => printer.printerId === printerId)}].printerId`, message: UNKNOWN_PRINTER_MESSAGE })),
      );
    }
    const { before, after } = await replacePrinters(transaction, list, context.clock().toISOString());
    return { result: after, audit: printerChanges(before, after) };
  });
}
