import { describe, expect, it } from 'vitest';
import type { KitchenTicket } from '../../machines/kitchen/kitchenBoardMachine';
import { KitchenStatus, OrderType, PaymentType } from '../../src/domain/orderEnums';
import {
  addressLines,
  countdownLabel,
  inArrivalOrder,
  kitchenSectionOf,
  newOrdersBannerLine,
  paymentLabel,
  quarterHourChoices,
  requestedTimeLabel,
  statusActionLabel,
  ticketStateLabel,
} from '../../src/domain/kitchenTicketLabels';
import { acceptedOrder, cookingOrder, newOrder, refusedOrder, updatedOrder } from '../machines/kitchenServerAnswers';

// 18:05 in London on the day the fixtures' orders were placed (GMT in November).
const evening = new Date('2026-11-22T18:05:00.000Z');
const nextDay = new Date('2026-11-23T12:00:00.000Z');

describe('kitchenSectionOf', () => {
  it('puts orders waiting for an answer under New, the restaurant’s or the customer’s to a new time', () => {
    expect(kitchenSectionOf(newOrder, evening)).toBe('new');
    expect(kitchenSectionOf(updatedOrder, evening)).toBe('new');
  });

  it('puts accepted orders still being cooked or delivered under In progress, whatever the day', () => {
    for (const kitchenStatus of [KitchenStatus.Ordered, KitchenStatus.Cooking, KitchenStatus.ReadyForDispatch, KitchenStatus.OutForDelivery]) {
      expect(kitchenSectionOf({ ...acceptedOrder, kitchenStatus }, evening)).toBe('inProgress');
      expect(kitchenSectionOf({ ...acceptedOrder, kitchenStatus }, nextDay)).toBe('inProgress');
    }
  });

  it('puts finished, refused and customer-cancelled orders under Done today, and leaves earlier days off the board', () => {
    for (const ticket of [
      { ...acceptedOrder, kitchenStatus: KitchenStatus.Completed },
      { ...acceptedOrder, kitchenStatus: KitchenStatus.Cancelled },
      { ...acceptedOrder, kitchenStatus: KitchenStatus.Refunded },
      refusedOrder,
      { ...newOrder, cancelled: true },
      { ...updatedOrder, cancelled: true },
    ]) {
      expect(kitchenSectionOf(ticket, evening)).toBe('done');
      expect(kitchenSectionOf(ticket, nextDay)).toBeUndefined();
    }
  });
});

describe('the board in a rush', () => {
  const arrivedAt = (minutes: number, orderRef: string, orderNumber: number, name: string) => ({
    ...newOrder,
    orderRef,
    orderNumber,
    name,
    acceptanceRequestedAt: new Date(Date.parse('2026-11-22T18:00:00.000Z') + minutes * 60_000).toISOString(),
  });
  const fourth = arrivedAt(3, 'ref-d', 4, 'Dave Hughes');
  const waiting = [arrivedAt(2, 'ref-c', 3, 'Anita Patel'), arrivedAt(0, 'ref-a', 1, 'John Smith'), arrivedAt(1, 'ref-b', 2, 'John Smith')];

  it('lists the orders as they arrived, so one arriving is added after the rest and moves no ticket under a finger', () => {
    // The server sends the newest first.
    expect(inArrivalOrder(waiting).map((ticket) => ticket.orderNumber)).toEqual([1, 2, 3]);
    expect(inArrivalOrder([fourth, ...waiting]).map((ticket) => ticket.orderNumber)).toEqual([1, 2, 3, 4]);
  });

  it('names at most two orders on the banner, the oldest, then says how many more', () => {
    expect(newOrdersBannerLine(inArrivalOrder(waiting.slice(1)))).toBe('Order 1: John Smith (Delivery), Order 2: John Smith (Delivery)');
    expect(newOrdersBannerLine(inArrivalOrder([fourth, ...waiting]))).toBe('Order 1: John Smith (Delivery), Order 2: John Smith (Delivery) and 2 more');
  });
});

describe('ticket labels', () => {
  it('names each status button for what the cook does', () => {
    expect(
      [KitchenStatus.Cooking, KitchenStatus.ReadyForDispatch, KitchenStatus.OutForDelivery, KitchenStatus.Completed, KitchenStatus.Cancelled, KitchenStatus.Refunded].map(
        statusActionLabel,
      ),
    ).toEqual(['Start cooking', 'Ready', 'Out for delivery', 'Completed', 'Cancel order', 'Mark as refunded']);
  });

  it('says where an order stands', () => {
    expect(ticketStateLabel(newOrder)).toBe('New');
    expect(ticketStateLabel(updatedOrder)).toBe('Waiting for the customer');
    expect(ticketStateLabel(refusedOrder)).toBe('Refused');
    expect(ticketStateLabel(cookingOrder)).toBe('Cooking');
    expect(ticketStateLabel({ ...newOrder, cancelled: true })).toBe('Cancelled by the customer');
  });

  it('shows ASAP, or the customer’s slot on London’s clock', () => {
    expect(requestedTimeLabel(newOrder, evening)).toBe('ASAP');
    expect(requestedTimeLabel({ ...newOrder, asapFlag: false, requestedTime: '2026-11-22T19:30:00.000Z' }, evening)).toBe('Today 19:30');
    expect(requestedTimeLabel({ ...newOrder, asapFlag: false, requestedTime: '2026-06-22T18:30:00.000Z' }, new Date('2026-06-22T12:00:00.000Z'))).toBe('Today 19:30');
  });

  it('says cash is paid on delivery or on collection', () => {
    expect(paymentLabel(newOrder)).toBe('Cash on delivery');
    expect(paymentLabel({ ...newOrder, orderType: OrderType.Collection, deliveryAddress: null })).toBe('Cash on collection');
  });

  it('says how an order paid online was paid and where its money is', () => {
    const paidOnline = (method: 'paypal' | 'card', money: KitchenTicket['payment']['money']): KitchenTicket => ({
      ...newOrder,
      paymentType: PaymentType.InternetOrder,
      payment: { method, money, problem: null, honour: null },
    });
    expect(paymentLabel(paidOnline('card', 'held'))).toBe('Paid online by card — £13.80 held');
    expect(paymentLabel(paidOnline('paypal', 'held'))).toBe('Paid online by PayPal — £13.80 held');
    expect(
      (['taking', 'taken', 'releasing', 'released', 'returning', 'returned'] as const).map((money) => paymentLabel(paidOnline('paypal', money))),
    ).toEqual([
      'Paid online by PayPal — £13.80 being taken',
      'Paid online by PayPal — £13.80 taken',
      'Paid online by PayPal — £13.80 being released',
      'Paid online by PayPal — £13.80 released',
      'Paid online by PayPal — £13.80 being returned',
      'Paid online by PayPal — £13.80 returned',
    ]);
    expect(paymentLabel(paidOnline('card', null))).toBe('Paid online by card — no payment recorded');
  });

  it('lists the delivery address without empty lines, and none for a collection', () => {
    expect(addressLines(newOrder)).toEqual(['12 Cardigan Road', 'Flat 2', 'Leeds', 'LS6 1LJ']);
    expect(addressLines({ ...newOrder, deliveryAddress: { ...newOrder.deliveryAddress!, address2: '' } })).toEqual(['12 Cardigan Road', 'Leeds', 'LS6 1LJ']);
    expect(addressLines({ ...newOrder, orderType: OrderType.Collection, deliveryAddress: null })).toEqual([]);
  });
});

describe('countdownLabel', () => {
  it('counts minutes and seconds down to the automatic refusal, rounding up and never below zero', () => {
    expect(countdownLabel(600_000)).toBe('10:00');
    expect(countdownLabel(545_001)).toBe('9:06');
    expect(countdownLabel(9_000)).toBe('0:09');
    expect(countdownLabel(-5_000)).toBe('0:00');
  });
});

describe('quarterHourChoices', () => {
  const dueSoon = new Date('2026-11-22T18:10:00.000Z');

  it('offers quarter hours from at least 15 minutes ahead, for three hours, on London’s clock', () => {
    const choices = quarterHourChoices(evening, dueSoon);
    expect(choices).toHaveLength(12);
    expect(choices[0]).toEqual({ value: '2026-11-22T18:30:00.000Z', label: '18:30' });
    expect(choices.at(-1)).toEqual({ value: '2026-11-22T21:15:00.000Z', label: '21:15' });
  });

  it('starts at least 15 minutes after the time the order is due, so a new time is a later one', () => {
    expect(quarterHourChoices(evening, new Date('2026-11-22T19:00:00.000Z'))[0]!.label).toBe('19:15');
    expect(quarterHourChoices(evening, new Date('2026-11-22T19:05:00.000Z'))[0]!.label).toBe('19:30');
  });

  it('starts 15 minutes ahead exactly on a quarter hour, and names the day after midnight', () => {
    expect(quarterHourChoices(new Date('2026-11-22T18:15:00.000Z'), dueSoon)[0]!.label).toBe('18:30');
    const lateNight = new Date('2026-11-22T23:40:00.000Z');
    expect(quarterHourChoices(lateNight, lateNight)[0]).toEqual({ value: '2026-11-23T00:00:00.000Z', label: 'Tomorrow 00:00' });
  });
});
