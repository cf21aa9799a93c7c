import { CharacterSet, PrinterTypes, ThermalPrinter } from 'node-thermal-printer';
import type { components } from '../../api/schema.gen';
import { formatPounds } from '../../domain/money';
import { allergyNoteOf } from '../../domain/allergyNotes';
import { allergenName } from '../../domain/menuLabels';
import { OrderType } from '../../domain/orderEnums';
import { addressLines, dueTimeLabel, orderTypeLabel, paymentLabel, requestedTimeLabel, ticketName } from '../../domain/kitchenTicketLabels';
import type { Printer } from '../db/printRepository';
import type { PrintJobReason } from '../db/schema';

// The printed tickets (docs/printing.md), laid out with node-thermal-printer, which writes the ESC/POS commands: the
// kitchen ticket the cooks work from, and the customer's receipt. The wording comes from the dashboard's own labels,
// so the paper and the screen say the same. English prints in code page 858 (for £); a dish's Chinese name prints in
// the printer's Chinese mode (GB18030), under the English.

type KitchenTicket = components['schemas']['KitchenTicket'];

/** Characters a line holds in font A: 48 on 80 mm paper, 32 on 58 mm. */
export const LINE_WIDTH: Readonly<Record<Printer['paperWidth'], number>> = { 80: 48, 58: 32 };

export interface TicketContext {
  restaurantName: string;
  now: Date;
}

/** A link that opens the delivery address in the driver's maps app (Google Maps' universal link opens Apple's too). */
export function mapsLink(ticket: KitchenTicket): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressLines(ticket).join(', '))}`;
}

/** Whether money is to be taken at the door or counter, and how much: the line the driver or the counter acts on. */
export function collectLine(ticket: KitchenTicket): string {
  const { method, honour } = ticket.payment;
  if (method === 'cardOnCollection') return `CARD PAYMENT TO TAKE ${formatPounds(ticket.totalCost)}`;
  const cash = method === 'cash' || honour === 'cash';
  return cash ? `CASH TO COLLECT ${formatPounds(ticket.totalCost)}` : 'PAID ONLINE - nothing to collect';
}

function newPrinter(printer: Printer): ThermalPrinter {
  return new ThermalPrinter({
    type: PrinterTypes.EPSON,
    interface: `tcp://${printer.host}:${printer.port}`,
    width: LINE_WIDTH[printer.paperWidth],
    characterSet: CharacterSet.PC858_EURO,
  });
}

function chineseLine(out: ThermalPrinter, text: string): void {
  out.setCharacterSet(CharacterSet.CHINA);
  out.println(text);
  out.setCharacterSet(CharacterSet.PC858_EURO);
}

/**
 * Every document starts by selecting code page 858. The library changes code page by itself for a character 858 lacks
 * (a dash, a curly apostrophe) and takes the last one it selected as the printer's; the cut ending the document before
 * resets the printer (ESC @) to its own, so without this a second copy's or a receipt's £ prints as another letter.
 */
function startDocument(out: ThermalPrinter): void {
  out.setCharacterSet(CharacterSet.PC858_EURO);
}

/**
 * The top of a corrected ticket, printed when the order's payment fell back to cash after its ticket was printed
 * (docs/printing.md): white on black, so the counter or the driver who holds the first one sees the money to take.
 */
function paymentChangedHeading(out: ThermalPrinter, ticket: KitchenTicket): void {
  out.invert(true);
  out.bold(true);
  out.setTextDoubleHeight();
  out.println(' PAYMENT CHANGED ');
  out.println(` ${collectLine(ticket)} `);
  out.setTextNormal();
  out.bold(false);
  out.invert(false);
  out.println('Corrected ticket - use this one');
}

function kitchenTicket(out: ThermalPrinter, ticket: KitchenTicket, { now }: TicketContext, reason: PrintJobReason): void {
  const isDelivery = ticket.orderType === OrderType.Delivery;
  startDocument(out);
  out.alignCenter();
  if (reason === 'reprint') out.println('*** REPRINT ***');
  if (reason === 'paymentChanged') paymentChangedHeading(out, ticket);
  out.setTextQuadArea();
  out.println(ticketName(ticket).toUpperCase());
  out.setTextDoubleHeight();
  out.bold(true);
  out.println(`${orderTypeLabel(ticket).toUpperCase()} ${dueTimeLabel(ticket, now)}`);
  out.bold(false);
  out.setTextNormal();
  out.println(`Asked for: ${requestedTimeLabel(ticket, now)}`);
  out.alignLeft();

  const allergy = allergyNoteOf([ticket.notes, ...ticket.orderItems.map((line) => line.specialRequest ?? '')]);
  if (allergy.allergens.length > 0 || allergy.mentionsAllergy) {
    out.drawLine();
    out.invert(true);
    out.bold(true);
    out.println(` ALLERGY: ${allergy.allergens.length > 0 ? allergy.allergens.map(allergenName).join(', ') : 'see the notes'} `);
    out.bold(false);
    out.invert(false);
  }

  out.drawLine();
  for (const [index, line] of ticket.orderItems.entries()) {
    out.setTextDoubleHeight();
    out.bold(true);
    out.println(`${line.quantity} x ${line.menuNumber ? `${line.menuNumber}. ` : ''}${line.title}`);
    out.bold(false);
    out.setTextNormal();
    if (line.chineseName) {
      out.setTextDoubleHeight();
      chineseLine(out, `    ${line.chineseName}`);
      out.setTextNormal();
    }
    if (line.configOption) out.println(`    Option: ${line.configOption}`);
    if (line.specialRequest) out.println(`    Request: ${line.specialRequest}`);
    if (ticket.unavailableLines.includes(index)) out.println('    UNAVAILABLE');
  }
  out.drawLine();
  if (ticket.notes.trim() !== '') {
    out.bold(true);
    out.println(`Notes: ${ticket.notes.trim()}`);
    out.bold(false);
    out.drawLine();
  }
  out.println(`Payment: ${paymentLabel(ticket)}`);
  out.bold(true);
  out.println(collectLine(ticket));
  out.bold(false);
  out.println(`Total: ${formatPounds(ticket.totalCost)}`);
  out.drawLine();
  out.println(`Customer: ${ticket.name}`);
  out.println(`Phone: ${ticket.phone}`);
  if (isDelivery) {
    out.bold(true);
    out.println('Deliver to:');
    for (const addressLine of addressLines(ticket)) out.println(addressLine);
    out.bold(false);
    out.alignCenter();
    out.printQR(mapsLink(ticket), { cellSize: 5, correction: 'M', model: 2 });
    out.println('Scan to open the address in maps');
    out.alignLeft();
  }
  out.cut();
}

function receipt(out: ThermalPrinter, ticket: KitchenTicket, { restaurantName, now }: TicketContext, reprint: boolean): void {
  startDocument(out);
  const isDelivery = ticket.orderType === OrderType.Delivery;
  out.alignCenter();
  out.setTextDoubleHeight();
  out.bold(true);
  out.println(restaurantName);
  out.bold(false);
  out.setTextNormal();
  if (reprint) out.println('*** COPY ***');
  out.setTextDoubleWidth();
  out.println(ticketName(ticket));
  out.setTextNormal();
  out.println(`${orderTypeLabel(ticket)} ${dueTimeLabel(ticket, now)}`);
  out.alignLeft();
  out.drawLine();
  for (const line of ticket.orderItems) {
    out.leftRight(`${line.quantity} x ${line.title}`, formatPounds(line.lineCost));
    if (line.configOption) out.println(`    ${line.configOption}`);
  }
  out.drawLine();
  if (ticket.discountValue > 0) out.leftRight('Discount', `-${formatPounds(ticket.discountValue)}`);
  out.leftRight('Bag charge', formatPounds(ticket.bagCharge));
  if (isDelivery) out.leftRight('Delivery charge', formatPounds(ticket.deliveryCharge));
  out.bold(true);
  out.leftRight('Total', formatPounds(ticket.totalCost));
  out.bold(false);
  out.println(paymentLabel(ticket));
  out.drawLine();
  out.alignCenter();
  out.println('Thank you for your order');
  out.alignLeft();
  out.cut();
}

/**
 * The bytes one job sends: what the printer prints (kitchen ticket, receipt or both), as many copies as it is set to;
 * a corrected ticket (`paymentChanged`, queued for the printers of kitchen tickets only) is the kitchen ticket alone.
 */
export function ticketBytes(printer: Printer, ticket: KitchenTicket, context: TicketContext, reason: PrintJobReason): Buffer {
  const out = newPrinter(printer);
  for (let copy = 0; copy < printer.copies; copy += 1) {
    if (printer.prints !== 'receipt') kitchenTicket(out, ticket, context, reason);
    if (printer.prints !== 'kitchen' && reason !== 'paymentChanged') receipt(out, ticket, context, reason === 'reprint');
  }
  return out.getBuffer();
}

/** A fresh connection's worth of the library's printer, for sending `bytes` or asking for the paper's status. */
export function printerConnection(printer: Printer, timeoutMs: number): ThermalPrinter {
  return new ThermalPrinter({
    type: PrinterTypes.EPSON,
    interface: `tcp://${printer.host}:${printer.port}`,
    width: LINE_WIDTH[printer.paperWidth],
    options: { timeout: timeoutMs },
  });
}
