import { formatPounds } from '../../../domain/money';
import { calendarDayLabel, londonDateAt, londonTimeAt } from '../../../domain/londonClock';
import { OrderType, PaymentType } from '../../../domain/orderEnums';
import { orderInSentence, orderLabel } from '../../../domain/orderNumbers';
import { unavailableItemsSentence } from '../../../domain/orderRefusal';
import { NOT_TAKEN_ONLINE, payInCashSentence } from '../../../domain/paymentLabels';
import { escapeHtml } from '../../seo/pageHead';
import { trackingPathOf, type EmailedMoment } from '../moments';
import type { MomentDetail } from '../../domain/orderMoments';
import type { OrderEmailFacts, PreOrderAnswer, RestaurantContact } from './orderEmailFacts';

// The emails an order's customer gets: a receipt when it is placed, then a word at each moment they may need to act
// on or keep (docs/notifications.md). Service messages about the customer's own order only: no marketing (PECR).
// Each email is written once as content and rendered from it twice, as plain text and as simple, accessible HTML,
// so the two never say different things.

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

interface Receipt {
  lines: { description: string; specialRequest: string; quantity: number; lineCost: string }[];
  /** Items, discount, charges and the total, in that order. */
  totals: { label: string; amount: string }[];
}

interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  receipt?: Receipt;
  /** Labelled facts of the order: its number, time, address, payment. */
  details: { label: string; lines: string[] }[];
  link: { label: string; url: string };
}

export function renderOrderEmail(moment: EmailedMoment, detail: MomentDetail, facts: OrderEmailFacts, restaurant: RestaurantContact): RenderedEmail {
  const content = contentOf(moment, detail, facts, restaurant);
  return { subject: content.subject, text: textOf(content, restaurant), html: htmlOf(content, restaurant) };
}

function contentOf(moment: EmailedMoment, detail: MomentDetail, facts: OrderEmailFacts, restaurant: RestaurantContact): EmailContent {
  const { view } = facts;
  const delivery = view.orderType === OrderType.Delivery;
  // An order paid online whose payment fell back to cash (docs/payments.md) had nothing taken: from then on its emails
  // speak of it as a cash order, never of money being taken or refunded.
  const cashInstead = view.paymentType === PaymentType.InternetOrder && facts.honourOutcome === 'cash';
  const paidOnline = view.paymentType === PaymentType.InternetOrder && !cashInstead;
  const payInCash = payInCashSentence(view.orderType, formatPounds(view.amount));
  const subjectOf = (what: string) => `${restaurant.name}: ${what}`;
  // People name the order by its number; the long reference stays inside the link.
  const order = orderInSentence(facts.orderNumber);
  const trackingUrl = `${restaurant.siteUrl}${trackingPathOf(view.orderRef)}`;
  const link = { label: 'Follow your order', url: trackingUrl };
  const reference = { label: 'Order number', lines: [String(facts.orderNumber)] };
  // The moment's own time: a later change does not rewrite what this email says.
  const time = detail.time ?? facts.dueTime;
  const timeLabel = delivery ? 'Delivery time' : 'Collection time';
  const dueAt = { label: timeLabel, lines: [londonDateTimeLabel(time)] };
  const released = 'The money held for it has been released: you have not been charged. Your bank may take a few days to show it.';

  switch (moment) {
    case 'placed': {
      // An order accepted as it is placed (a phone order) has nothing left to confirm: its acceptance email follows.
      const preOrder = facts.accepted ? undefined : facts.preOrder;
      return {
        subject: subjectOf(`we have received your ${order}`),
        heading: `Thank you for your order: ${orderLabel(facts.orderNumber)}`,
        paragraphs: [
          facts.accepted
            ? `Thank you, ${view.name}. We have received your order.`
            : `Thank you, ${view.name}. We have received your order and will email you again as soon as we accept it.`,
          ...(preOrder === undefined ? [] : [preOrderText(preOrder, paidOnline)]),
          'Please keep this email as your receipt.',
        ],
        receipt: receiptOf(facts),
        details: [
          reference,
          { label: 'Ordered', lines: [londonDateTimeLabel(view.created)] },
          { label: timeLabel, lines: [facts.requestedTime === null ? 'As soon as possible' : londonDateTimeLabel(facts.requestedTime)] },
          ...(delivery && view.deliveryAddress !== null ? [{ label: 'Delivery address', lines: addressLines(view.deliveryAddress) }] : []),
          { label: 'Payment', lines: [paymentText(paidOnline, delivery, facts)] },
          { label: 'Name', lines: [view.name] },
          { label: 'Phone', lines: [view.phoneNumber] },
          ...(view.notes.trim() === '' ? [] : [{ label: 'Your notes', lines: [view.notes] }]),
        ],
        link,
      };
    }
    case 'accepted':
      return {
        subject: subjectOf(`your ${order} is accepted`),
        heading: 'Your order is accepted',
        paragraphs: [
          delivery
            ? `We have accepted your order and expect to deliver it on ${londonDateTimeLabel(time)}.`
            : `We have accepted your order. It will be ready to collect on ${londonDateTimeLabel(time)}.`,
          // Sent as the capture is queued, before PayPal has answered it (docs/payments.md): the money is being taken, not
          // taken yet, and the capture may still be refused (PayPal's honour period): then the cashInstead email follows.
          ...(paidOnline ? ['We are now taking the payment held for your order.'] : []),
          // Sent late (an email outage), after PayPal refused to take the money: the cashInstead email's words.
          ...(cashInstead ? [NOT_TAKEN_ONLINE, payInCash] : []),
        ],
        details: [reference, dueAt],
        link,
      };
    case 'timeProposed':
      return {
        subject: subjectOf(`please accept a new time for your ${order}, or cancel it`),
        heading: 'A new time for your order',
        paragraphs: [
          delivery
            ? `We cannot deliver your order at the time you asked for. We can deliver it on ${londonDateTimeLabel(time)}.`
            : `We cannot have your order ready at the time you asked for. We can have it ready to collect on ${londonDateTimeLabel(time)}.`,
          'Please accept the new time, or cancel your order, on your order’s page. We will not start cooking until you accept.',
          ...(paidOnline ? ['Nothing is taken from the money held for your order unless you accept.'] : []),
        ],
        details: [reference, dueAt],
        link: { label: 'Accept the new time or cancel your order', url: trackingUrl },
      };
    case 'refused': {
      const reason = detail.reason ?? facts.refusalReason ?? '';
      const unavailable = unavailableItemsSentence(facts.unavailableItems);
      return {
        subject: subjectOf(`we could not accept your ${order}`),
        heading: 'We could not accept your order',
        paragraphs: [
          'We are sorry: we could not accept your order.',
          ...(unavailable === undefined ? [] : [`${unavailable}.`]),
          ...(reason.trim() === '' ? [] : [`The reason: ${reason}`]),
          ...(paidOnline ? [released] : []),
        ],
        details: [reference],
        link,
      };
    }
    case 'cashInstead':
      // PayPal refused to take the money held (docs/payments.md, "Orders for later"): the capture was never made and
      // the authorisation is being voided, so nothing was charged; the kitchen's ticket now says cash to collect.
      return {
        subject: subjectOf(`please pay for your ${order} in cash`),
        heading: 'Please pay in cash',
        paragraphs: [
          `${NOT_TAKEN_ONLINE} The money held for it is being released; your bank may take a few days to show it.`,
          payInCash,
          'Your order is still accepted; only the way you pay has changed.',
        ],
        details: [reference, dueAt, { label: 'Payment', lines: [paymentText(false, delivery, facts)] }],
        link,
      };
    case 'cancelled':
      return {
        subject: subjectOf(`your ${order} has been cancelled`),
        heading: 'Your order has been cancelled',
        paragraphs: [
          'Your order has been cancelled.',
          ...(paidOnline ? [facts.accepted ? 'Your payment is being refunded to the card or PayPal account you paid with.' : released] : []),
          ...(cashInstead ? ['The online payment for your order was never taken, so there is nothing to refund: you have not been charged.'] : []),
        ],
        details: [reference],
        link,
      };
  }
}

function receiptOf(facts: OrderEmailFacts): Receipt {
  const { view } = facts;
  const totals = [
    { label: 'Items', amount: formatPounds(facts.itemsCost) },
    ...(view.discount > 0 ? [{ label: 'Discount', amount: `−${formatPounds(view.discount)}` }] : []),
    ...(view.bagCharge > 0 ? [{ label: 'Bag charge', amount: formatPounds(view.bagCharge) }] : []),
    ...(view.orderType === OrderType.Delivery ? [{ label: 'Delivery charge', amount: formatPounds(view.deliveryCharge) }] : []),
    { label: 'Total', amount: formatPounds(view.amount) },
  ];
  return {
    lines: facts.items.map((item) => ({
      description: item.configOption ? `${item.title} (${item.configOption})` : item.title,
      specialRequest: item.specialRequest ?? '',
      quantity: item.quantity,
      lineCost: formatPounds(item.lineCost),
    })),
    totals,
  };
}

/** "When we open" only while the restaurant is in fact closed until then: open, the pre-order waits for its hour. */
function preOrderText({ answerFrom, closedUntilThen }: PreOrderAnswer, paidOnline: boolean): string {
  const when = closedUntilThen ? 'when we open, from' : 'from';
  return `This is a pre-order: we will confirm it ${when} ${londonDateTimeLabel(answerFrom)}.` + (paidOnline ? ' The money is held until then, not taken.' : '');
}

function paymentText(paidOnline: boolean, delivery: boolean, { accepted, cardOnCollection }: Pick<OrderEmailFacts, 'accepted' | 'cardOnCollection'>): string {
  // docs/payments.md: an online payment is held when the order is placed and taken only once it is accepted.
  if (paidOnline) return accepted ? 'Paid online.' : 'Paid online. The money is held now and taken only once we accept your order.';
  // docs/phone-orders.md: a phone order may be paid by card at the counter, for collection only.
  if (cardOnCollection) return 'Card, to pay when you collect';
  return delivery ? 'Cash, to pay the driver on delivery' : 'Cash, to pay when you collect';
}

function addressLines(address: NonNullable<OrderEmailFacts['view']['deliveryAddress']>): string[] {
  return [address.address1, address.address2, address.town, address.postcode].filter((line) => line.trim() !== '');
}

/** "Tuesday 24 November 2026 at 18:45", on London's clock whatever the server's zone. */
function londonDateTimeLabel(instant: string): string {
  const ms = Date.parse(instant);
  return `${calendarDayLabel(londonDateAt(ms))} at ${londonTimeAt(ms)}`;
}

function textOf(content: EmailContent, restaurant: RestaurantContact): string {
  const blocks: string[] = [content.heading, ...content.paragraphs];
  if (content.receipt !== undefined) blocks.push(receiptText(content.receipt));
  blocks.push(content.details.map(({ label, lines }) => `${label}: ${lines.join(', ')}`).join('\n'));
  blocks.push(`${content.link.label}: ${content.link.url}`);
  blocks.push(footerLines(restaurant).join('\n'));
  return `${blocks.join('\n\n')}\n`;
}

function receiptText(receipt: Receipt): string {
  const lines = receipt.lines.flatMap((line) => [
    `${line.quantity} × ${line.description}  ${line.lineCost}`,
    ...(line.specialRequest.trim() === '' ? [] : [`    Request: ${line.specialRequest}`]),
  ]);
  // Amounts lined up on the right, for a reader whose mail program shows plain text in a fixed-width font.
  const labelWidth = Math.max(...receipt.totals.map(({ label }) => label.length));
  const amountWidth = Math.max(...receipt.totals.map(({ amount }) => amount.length));
  const totals = receipt.totals.map(({ label, amount }) => `${label.padEnd(labelWidth)}  ${amount.padStart(amountWidth)}`);
  return ['Your order', ...lines, '', ...totals].join('\n');
}

function footerLines(restaurant: RestaurantContact): string[] {
  return [
    restaurant.name,
    `Questions about your order? Call us on ${restaurant.phone}.`,
    restaurant.siteUrl,
    'This email is about your order only. We do not send marketing emails.',
  ];
}

// Every text that reaches the HTML goes through escapeHtml: names, notes and addresses are the customer's own words.
function htmlOf(content: EmailContent, restaurant: RestaurantContact): string {
  const parts = [
    `<h1 style="font-size:1.4em">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
  ];
  if (content.receipt !== undefined) parts.push(receiptHtml(content.receipt));
  parts.push(
    `<dl>${content.details
      .map(({ label, lines }) => `<dt style="font-weight:bold">${escapeHtml(label)}</dt><dd style="margin:0 0 0.6em 0">${lines.map(escapeHtml).join('<br>')}</dd>`)
      .join('')}</dl>`,
    `<p><a href="${escapeHtml(content.link.url)}">${escapeHtml(content.link.label)}</a></p>`,
    `<hr><p>${footerLines(restaurant).map(escapeHtml).join('<br>')}</p>`,
  );
  return [
    '<!doctype html>',
    '<html lang="en-GB">',
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;max-width:40em">`,
    ...parts,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function receiptHtml(receipt: Receipt): string {
  const cell = 'style="text-align:right;padding:0.2em 0 0.2em 1em"';
  const rows = receipt.lines.map(
    (line) =>
      `<tr><td style="padding:0.2em 0">${escapeHtml(line.description)}${
        line.specialRequest.trim() === '' ? '' : `<br><small>Request: ${escapeHtml(line.specialRequest)}</small>`
      }</td><td ${cell}>${line.quantity}</td><td ${cell}>${escapeHtml(line.lineCost)}</td></tr>`,
  );
  const totals = receipt.totals.map(
    ({ label, amount }) => `<tr><th scope="row" colspan="2" style="text-align:left;padding:0.2em 0">${escapeHtml(label)}</th><td ${cell}>${escapeHtml(amount)}</td></tr>`,
  );
  return [
    '<table style="border-collapse:collapse;width:100%">',
    '<caption style="text-align:left;font-weight:bold;padding-bottom:0.4em">Your order</caption>',
    `<thead><tr><th scope="col" style="text-align:left">Item</th><th scope="col" ${cell}>Quantity</th><th scope="col" ${cell}>Price</th></tr></thead>`,
    `<tbody>${rows.join('')}</tbody>`,
    `<tfoot>${totals.join('')}</tfoot>`,
    '</table>',
  ].join('\n');
}
