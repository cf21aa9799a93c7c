import { describe, expect, it } from 'vitest';
import { OrderType, PaymentType } from '../../src/domain/orderEnums';
import type { OrderEmailFacts, RestaurantContact } from '../../src/server/notifications/mail/orderEmailFacts';
import { renderOrderEmail } from '../../src/server/notifications/mail/orderEmails';
import { isEmailedMoment } from '../../src/server/notifications/moments';
import { orderMoments } from '../../src/server/domain/orderMoments';

// The words of each email an order's customer gets, in plain text and HTML (docs/notifications.md).

const restaurant: RestaurantContact = { name: 'Golden Dragon', phone: '0113 496 0123', siteUrl: 'https://www.golden-dragon.example' };
const orderRef = 'AbCdEfGhIjKlMnOpQrStUv';
const trackingUrl = `https://www.golden-dragon.example/track?orderId=${orderRef}`;

/** A delivery, cash, asked for 19:30 on a November evening (GMT), with two lines, a discount and both charges. */
function facts(changes: Partial<OrderEmailFacts['view']> = {}, more: Partial<OrderEmailFacts> = {}): OrderEmailFacts {
  return {
    view: {
      orderRef,
      items: 3,
      name: 'Ada Lovelace',
      phoneNumber: '0113 496 0999',
      emailAddress: 'ada@example.com',
      created: '2026-11-24T18:00:00.000Z',
      orderType: OrderType.Delivery,
      deliveryAddress: { address1: '3 Cardigan Road', address2: 'Flat 2', town: 'Leeds', postcode: 'LS6 2AB' },
      deliveryCharge: 1.5,
      bagCharge: 0.1,
      paymentType: PaymentType.CashOrder,
      amount: 25.4,
      discount: 2.5,
      notes: 'Side door, please',
      personalDetailsWithheld: false,
      ...changes,
    },
    orderNumber: 47,
    items: [
      { categoryId: 1, itemId: 109, quantity: 1, title: 'Mixed Starter for Two', itemCost: 13.9, lineCost: 13.9, specialRequest: '' },
      {
        categoryId: 2,
        itemId: 201,
        configId: 3,
        configOption: 'Large',
        quantity: 2,
        title: 'Egg Fried Rice',
        itemCost: 6.2,
        lineCost: 12.4,
        specialRequest: 'No peas',
      },
    ],
    itemsCost: 26.3,
    requestedTime: '2026-11-24T19:30:00.000Z',
    dueTime: '2026-11-24T19:30:00.000Z',
    refusalReason: null,
    unavailableItems: [],
    cardOnCollection: false,
    accepted: false,
    honourOutcome: null,
    ...more,
  };
}

const footer = ['Golden Dragon', 'Questions about your order? Call us on 0113 496 0123.', 'This email is about your order only. We do not send marketing emails.'];

describe('the receipt when an order is placed', () => {
  it('lists the lines, the charges and the total, and the payment, time, address and reference', () => {
    const email = renderOrderEmail('placed', {}, facts(), restaurant);
    expect(email.subject).toBe('Golden Dragon: we have received your order 47');
    expect(email.text).toContain('Thank you, Ada Lovelace. We have received your order and will email you again as soon as we accept it.');
    expect(email.text).toContain(
      [
        'Your order',
        '1 × Mixed Starter for Two  £13.90',
        '2 × Egg Fried Rice (Large)  £12.40',
        '    Request: No peas',
        '',
        'Items            £26.30',
        'Discount         −£2.50',
        'Bag charge        £0.10',
        'Delivery charge   £1.50',
        'Total            £25.40',
      ].join('\n'),
    );
    expect(email.text).toContain(
      [
        'Order number: 47',
        'Ordered: Tuesday 24 November 2026 at 18:00',
        'Delivery time: Tuesday 24 November 2026 at 19:30',
        'Delivery address: 3 Cardigan Road, Flat 2, Leeds, LS6 2AB',
        'Payment: Cash, to pay the driver on delivery',
        'Name: Ada Lovelace',
        'Phone: 0113 496 0999',
        'Your notes: Side door, please',
      ].join('\n'),
    );
    expect(email.text).toContain(`Follow your order: ${trackingUrl}`);
    for (const line of footer) expect(email.text).toContain(line);
    expect(email.html).toContain('<html lang="en-GB">');
    expect(email.html).toContain(`<a href="${trackingUrl}">Follow your order</a>`);
    expect(email.html).toContain('<th scope="row" colspan="2" style="text-align:left;padding:0.2em 0">Total</th>');
  });

  it('says ASAP, leaves out a missing discount, charge or note, and reads a summer time on British Summer Time', () => {
    const asap = renderOrderEmail('placed', {}, facts({ orderType: OrderType.Collection, deliveryAddress: null, discount: 0, bagCharge: 0, notes: '' }, { requestedTime: null }), restaurant);
    expect(asap.text).toContain('Collection time: As soon as possible');
    expect(asap.text).toContain('Payment: Cash, to pay when you collect');
    const byCard = renderOrderEmail('placed', {}, facts({ orderType: OrderType.Collection, deliveryAddress: null }, { cardOnCollection: true }), restaurant);
    expect(byCard.text).toContain('Payment: Card, to pay when you collect');
    expect(byCard.text).not.toContain('Cash');
    expect(asap.text).not.toMatch(/Discount|Bag charge|Delivery charge|Delivery address|Your notes/);

    const summer = renderOrderEmail('placed', {}, facts({ created: '2026-07-10T16:00:00.000Z' }, { requestedTime: '2026-07-10T17:30:00.000Z' }), restaurant);
    expect(summer.text).toContain('Ordered: Friday 10 July 2026 at 17:00');
    expect(summer.text).toContain('Delivery time: Friday 10 July 2026 at 18:30');
  });

  it('says an online payment is held until the restaurant accepts', () => {
    const email = renderOrderEmail('placed', {}, facts({ paymentType: PaymentType.InternetOrder }), restaurant);
    expect(email.text).toContain('Payment: Paid online. The money is held now and taken only once we accept your order.');
  });

  it('tells the customer of a pre-order placed while closed that the restaurant confirms it when it opens, and that the money is held until then', () => {
    const preOrder = { answerFrom: '2026-11-24T17:00:00.000Z', closedUntilThen: true };
    const email = renderOrderEmail('placed', {}, facts({ paymentType: PaymentType.InternetOrder }, { preOrder }), restaurant);
    expect(email.text).toContain('This is a pre-order: we will confirm it when we open, from Tuesday 24 November 2026 at 17:00. The money is held until then, not taken.');
    expect(renderOrderEmail('placed', {}, facts(), restaurant).text).not.toContain('pre-order');
  });

  it('does not say "when we open" of a pre-order for later while the restaurant is open', () => {
    const preOrder = { answerFrom: '2026-11-24T20:30:00.000Z', closedUntilThen: false };
    const email = renderOrderEmail('placed', {}, facts({}, { requestedTime: '2026-11-24T21:30:00.000Z', preOrder }), restaurant);
    expect(email.text).toContain('This is a pre-order: we will confirm it from Tuesday 24 November 2026 at 20:30.');
    expect(email.text).not.toContain('when we open');
    expect(email.text).toContain('will email you again as soon as we accept it.');
  });

  it('does not promise to accept an order that is accepted already (a phone order), nor call it a pre-order to confirm', () => {
    const preOrder = { answerFrom: '2026-11-24T20:30:00.000Z', closedUntilThen: false };
    const email = renderOrderEmail('placed', {}, facts({ paymentType: PaymentType.InternetOrder }, { requestedTime: '2026-11-24T21:30:00.000Z', preOrder, accepted: true }), restaurant);
    for (const rendered of [email.text, email.html]) {
      expect(rendered).toContain('Thank you, Ada Lovelace. We have received your order.');
      expect(rendered).not.toContain('as soon as we accept it');
      expect(rendered).not.toContain('pre-order');
      expect(rendered).not.toContain('taken only once we accept');
    }
  });

  it("escapes the customer's own words in the HTML, and keeps them as they are in the text", () => {
    const hostile = '<script>alert("x")</script> & <img src=x onerror=alert(1)>';
    const email = renderOrderEmail(
      'placed',
      {},
      {
        ...facts({ name: hostile, notes: `"><b>bold</b>`, deliveryAddress: { address1: '<i>1</i>', address2: '', town: "O'Leeds", postcode: 'LS6 2AB' } }),
        items: [{ categoryId: 1, itemId: 109, quantity: 1, title: 'Mixed Starter for Two', itemCost: 13.9, lineCost: 13.9, specialRequest: '</td><td>free' }],
      },
      restaurant,
    );
    expect(email.html).not.toMatch(/<script|<img|<b>|<i>|<\/td><td>free/);
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;');
    expect(email.html).toContain('&quot;&gt;&lt;b&gt;bold&lt;/b&gt;');
    expect(email.html).toContain("&lt;i&gt;1&lt;/i&gt;<br>O'Leeds<br>LS6 2AB");
    expect(email.html).toContain('Request: &lt;/td&gt;&lt;td&gt;free');
    expect(email.text).toContain(`Name: ${hostile}`);
  });
});

describe('the emails after it', () => {
  it('accepted: the agreed time, on London’s clock', () => {
    const email = renderOrderEmail('accepted', { time: '2026-11-24T19:45:00.000Z' }, facts(), restaurant);
    expect(email.subject).toBe('Golden Dragon: your order 47 is accepted');
    expect(email.text).toContain('We have accepted your order and expect to deliver it on Tuesday 24 November 2026 at 19:45.');
    expect(email.text).toContain('Delivery time: Tuesday 24 November 2026 at 19:45');
    expect(email.text).not.toContain('payment');

    const collection = renderOrderEmail('accepted', { time: '2026-07-10T17:15:00.000Z' }, facts({ orderType: OrderType.Collection, paymentType: PaymentType.InternetOrder }), restaurant);
    expect(collection.text).toContain('It will be ready to collect on Friday 10 July 2026 at 18:15.');
    // Sent when the capture is queued, not when PayPal has answered it: the money is not said to be taken already.
    expect(collection.text).toContain('We are now taking the payment held for your order.');
    expect(collection.text).not.toMatch(/has (now )?been taken/);
  });

  it("timeProposed: the new time, and that the customer must accept it or cancel on the order's page", () => {
    const email = renderOrderEmail('timeProposed', { time: '2026-11-24T20:15:00.000Z' }, facts({ orderType: OrderType.Collection }), restaurant);
    expect(email.subject).toBe('Golden Dragon: please accept a new time for your order 47, or cancel it');
    expect(email.text).toContain('We can have it ready to collect on Tuesday 24 November 2026 at 20:15.');
    expect(email.text).toContain('Please accept the new time, or cancel your order, on your order’s page. We will not start cooking until you accept.');
    expect(email.text).toContain(`Accept the new time or cancel your order: ${trackingUrl}`);
    expect(email.html).toContain(`<a href="${trackingUrl}">Accept the new time or cancel your order</a>`);
  });

  it('the time an email gives is the moment’s own, not a later one', () => {
    const email = renderOrderEmail('timeProposed', { time: '2026-11-24T20:15:00.000Z' }, facts({}, { dueTime: '2026-11-24T21:00:00.000Z' }), restaurant);
    expect(email.text).toContain('20:15');
    expect(email.text).not.toContain('21:00');
  });

  it('refused: the reason, and for an order paid online that the money held is released', () => {
    const cash = renderOrderEmail('refused', { reason: 'We are too busy tonight' }, facts(), restaurant);
    expect(cash.subject).toBe('Golden Dragon: we could not accept your order 47');
    expect(cash.text).toContain('We are sorry: we could not accept your order.\n\nThe reason: We are too busy tonight');
    expect(cash.text).not.toContain('released');

    const online = renderOrderEmail('refused', { reason: 'We are too busy tonight' }, facts({ paymentType: PaymentType.InternetOrder }), restaurant);
    expect(online.text).toContain('The money held for it has been released: you have not been charged.');
    expect(online.html).toContain('The money held for it has been released: you have not been charged.');
  });

  it('cancelled: released before acceptance, refunded after it', () => {
    const cash = renderOrderEmail('cancelled', {}, facts(), restaurant);
    expect(cash.subject).toBe('Golden Dragon: your order 47 has been cancelled');
    expect(cash.text).toContain('Your order has been cancelled.');
    expect(cash.text).not.toMatch(/released|refunded/);

    const online = facts({ paymentType: PaymentType.InternetOrder });
    expect(renderOrderEmail('cancelled', {}, online, restaurant).text).toContain('you have not been charged');
    expect(renderOrderEmail('cancelled', {}, { ...online, accepted: true }, restaurant).text).toContain(
      'Your payment is being refunded to the card or PayPal account you paid with.',
    );
  });

  it('after a fall-back to cash: a cancelled email says nothing was taken nor is refunded, a late accepted email asks for the cash', () => {
    const fellBack = facts({ paymentType: PaymentType.InternetOrder, orderType: OrderType.Collection, amount: 14 }, { accepted: true, honourOutcome: 'cash' });
    const cancelled = renderOrderEmail('cancelled', {}, fellBack, restaurant);
    expect(cancelled.text).toContain('The online payment for your order was never taken, so there is nothing to refund: you have not been charged.');
    expect(cancelled.html).toContain('nothing to refund');
    expect(cancelled.text).not.toMatch(/being refunded|released/);

    // Sent after the fall-back (held up by an email outage, say): it speaks of cash, not of the payment being taken.
    const accepted = renderOrderEmail('accepted', { time: '2026-11-24T19:45:00.000Z' }, fellBack, restaurant);
    expect(accepted.text).not.toContain('We are now taking the payment held for your order.');
    expect(accepted.text).toContain('We could not take the online payment for your order, so you have not been charged.');
    expect(accepted.text).toContain('Please pay £14.00 in cash when you collect your order.');

    // A receipt sent as late says cash too.
    expect(renderOrderEmail('placed', {}, fellBack, restaurant).text).toContain('Payment: Cash, to pay when you collect');
    // Held again at PayPal instead: paid online as before.
    const reauthorised = renderOrderEmail('cancelled', {}, { ...fellBack, honourOutcome: 'reauthorised' }, restaurant);
    expect(reauthorised.text).toContain('Your payment is being refunded to the card or PayPal account you paid with.');
  });

  it('cashInstead: the online payment was not taken and nothing charged, and the total to pay in cash on delivery or collection', () => {
    const online = { paymentType: PaymentType.InternetOrder, amount: 1234.5 };
    const delivery = renderOrderEmail('cashInstead', {}, facts(online, { accepted: true }), restaurant);
    expect(delivery.subject).toBe('Golden Dragon: please pay for your order 47 in cash');
    expect(delivery.text).toContain('We could not take the online payment for your order, so you have not been charged.');
    expect(delivery.text).toContain('Please pay £1,234.50 in cash to the driver when your order is delivered.');
    expect(delivery.text).toContain('Payment: Cash, to pay the driver on delivery');
    expect(delivery.text).toContain('Delivery time: Tuesday 24 November 2026 at 19:30');
    expect(delivery.html).toContain('Please pay £1,234.50 in cash to the driver when your order is delivered.');
    expect(delivery.text).not.toMatch(/has been taken|Paid online/);

    const collection = renderOrderEmail('cashInstead', {}, facts({ ...online, orderType: OrderType.Collection, amount: 14 }, { accepted: true }), restaurant);
    expect(collection.text).toContain('Please pay £14.00 in cash when you collect your order.');
    expect(collection.text).toContain('Payment: Cash, to pay when you collect');
  });

  it("every email names the restaurant and its phone, the order's number and its page, and nothing to sell", () => {
    const moments = ['placed', 'accepted', 'timeProposed', 'refused', 'cancelled', 'cashInstead'] as const;
    for (const moment of moments) {
      const email = renderOrderEmail(moment, { time: '2026-11-24T19:45:00.000Z', reason: 'Closed early' }, facts(), restaurant);
      for (const line of footer) expect(email.text).toContain(line);
      expect(email.subject).toContain('order 47');
      expect(email.text).toContain('Order number: 47');
      // The long reference is the link's capability, never a thing to read out.
      expect(email.text.replaceAll(trackingUrl, '')).not.toContain(orderRef);
      expect(email.text).toContain(trackingUrl);
      expect(email.html).toContain('0113 496 0123');
      expect(email.html).toContain(`<title>${email.subject}</title>`);
    }
  });

  it('is sent only for the moments a customer may need to act on or keep', () => {
    expect(orderMoments.filter(isEmailedMoment)).toEqual(['placed', 'accepted', 'timeProposed', 'refused', 'cancelled', 'cashInstead']);
  });
});
