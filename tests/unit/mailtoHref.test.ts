import { describe, expect, it } from 'vitest';
import { isEmailAddress } from '../../src/domain/contactRules';
import { mailtoHref } from '../../src/domain/mailtoHref';

// A booking's email is a link on the kitchen's bookings page; staff tap it to confirm the booking.
describe("the link to a customer's email", () => {
  it('opens a message to that address', () => {
    expect(mailtoHref('grace.hopper+dinner@example.co.uk')).toBe('mailto:grace.hopper%2Bdinner@example.co.uk');
  });

  it('adds no recipient, subject or body that the customer typed into the address', () => {
    const planted = 'diner@example.com?cc=spy%40evil.example&subject=Booking%20refund&body=Pay%20here';
    expect(isEmailAddress(planted)).toBe(true);
    const link = new URL(mailtoHref(planted));
    expect(link.search).toBe('');
    expect(decodeURIComponent(link.pathname)).toBe(planted);
  });
});
