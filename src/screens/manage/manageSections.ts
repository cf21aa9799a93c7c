import type { LinkProps } from '@tanstack/react-router';

/** One of the back office's pages, as its navigation and overview list it. */
export interface ManageSection {
  to: NonNullable<LinkProps['to']>;
  label: string;
  /** What the owner does there, in a line. */
  purpose: string;
}

/** The back office's pages in the order the owner meets them (docs/back-office.md); each area adds its own. */
export const MANAGE_SECTIONS: readonly ManageSection[] = [
  { to: '/manage/menu', label: 'Menu', purpose: 'Dishes, prices, allergens and options: a draft until you publish it; what is sold out today.' },
  { to: '/manage/pages', label: 'Pages', purpose: 'The gallery, About Us, the legal pages and your own pages: text, photos and buttons, a draft until you publish it.' },
  { to: '/manage/hours', label: 'Opening hours', purpose: 'Lunch and evening sessions, closures and special days, lead times, slots and busy mode.' },
  { to: '/manage/zones', label: 'Delivery zones', purpose: 'The postcode districts and sectors you deliver to, each with its charge and minimum order.' },
  { to: '/manage/printers', label: 'Printers', purpose: 'The ticket printers on your counter: what each prints when an order is accepted, and how many copies.' },
  { to: '/manage/settings', label: 'Settings', purpose: 'Online ordering, collection, cash, minimum orders, charges, the largest orders and the automatic refusal.' },
  { to: '/manage/customers', label: 'Customers', purpose: "Find a customer by email or loyalty code; see and give points and vouchers." },
  { to: '/manage/takings', label: 'Takings', purpose: "A day's or a range's orders and totals, refusals, busiest times, and a CSV for the accountant." },
  { to: '/manage/audit', label: 'Audit', purpose: 'Who changed what, and when, with what it was before.' },
];
