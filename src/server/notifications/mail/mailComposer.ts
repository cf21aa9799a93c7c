import type { DueDelivery } from '../../db/notificationRepository';
import type { Repositories } from '../../db/repositories';
import type { Mail } from '../senders';
import { loadOrderEmailFacts, loadRestaurantContact } from './orderEmailFacts';
import { isEmailedMoment } from '../moments';
import { renderOrderEmail } from './orderEmails';

// The outbox worker's email for one delivery, written from the order as the database holds it when it is sent.

/** The same for every try of a delivery, so a repeat after a crash is recognisable as one message (RFC 5322 msg-id). */
export function messageIdOf(deliveryId: number, siteUrl: string): string {
  return `<order-notification-${deliveryId}@${new URL(siteUrl).hostname}>`;
}

export function createMailComposer(repositories: Pick<Repositories, 'orders' | 'acceptance' | 'restaurant' | 'ticketPayments'>, siteUrl: string) {
  return async (delivery: DueDelivery): Promise<Mail> => {
    // Thrown errors are failed sends, tried again and in the end given up: neither should ever be queued.
    if (!isEmailedMoment(delivery.moment)) throw new Error(`The moment ${delivery.moment} has no email`);
    const facts = await loadOrderEmailFacts(repositories, delivery.basketId);
    if (facts === undefined) throw new Error(`The order of basket ${delivery.basketId} is missing, so its email cannot be written`);
    const email = renderOrderEmail(delivery.moment, delivery.detail, facts, await loadRestaurantContact(repositories, siteUrl));
    return { to: delivery.recipient, ...email, messageId: messageIdOf(delivery.id, siteUrl) };
  };
}
