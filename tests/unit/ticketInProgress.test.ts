import { describe, expect, it } from 'vitest';
import { hasTicketInProgress } from '../../src/domain/kitchenStatus';
import { AcceptanceStatus, KitchenStatus } from '../../src/domain/orderEnums';

// docs/printing.md: Reprint is for a ticket in progress; the server and the dashboard's button share this rule.

describe('hasTicketInProgress', () => {
  const accepted = { acceptanceStatus: AcceptanceStatus.Accepted, cancelled: false } as const;

  it.each([KitchenStatus.Ordered, KitchenStatus.Cooking, KitchenStatus.ReadyForDispatch, KitchenStatus.OutForDelivery])('holds for an accepted order at kitchen status %i', (kitchenStatus) => {
    expect(hasTicketInProgress({ ...accepted, kitchenStatus })).toBe(true);
  });

  it.each([KitchenStatus.Cancelled, KitchenStatus.Refunded, KitchenStatus.Completed])('not once the kitchen has finished with it (status %i)', (kitchenStatus) => {
    expect(hasTicketInProgress({ ...accepted, kitchenStatus })).toBe(false);
  });

  it('not for an order not accepted, or cancelled by the customer', () => {
    expect(hasTicketInProgress({ acceptanceStatus: AcceptanceStatus.Requested, cancelled: false, kitchenStatus: null })).toBe(false);
    expect(hasTicketInProgress({ acceptanceStatus: AcceptanceStatus.Refused, cancelled: false, kitchenStatus: null })).toBe(false);
    expect(hasTicketInProgress({ ...accepted, cancelled: true, kitchenStatus: KitchenStatus.Ordered })).toBe(false);
  });
});
