import type { Generated } from 'kysely';
import type { AcceptanceEvent } from '../domain/acceptance';
import type { OrderMoment } from '../domain/orderMoments';

// Row types of the tables as both dialects return them. Money is integer pence; flags are
// integers 0/1 because better-sqlite3 cannot bind JavaScript booleans and a shared column type
// keeps every query identical on SQLite and PostgreSQL.

export type Flag = 0 | 1;

export interface RestaurantTable {
  restaurant_id: number;
  trading_name: string;
  tagline: string;
  address1: string;
  address2: string;
  town: string;
  county: string;
  post_code: string;
  phone: string;
  email: string;
  online_ordering_allowed: Flag;
  menu_id: number;
  app_store_url: string;
  google_play_url: string;
}

export interface TakeawaySettingsTable {
  restaurant_id: number;
  allow_collection: Flag;
  allow_ordering: Flag;
  /** Whether customers may pay in cash on collection or delivery. */
  allow_cash_payment: Flag;
  /** The largest order total taken in cash, and taken at all; larger orders are placed by phone. */
  maximum_cash_order_value: number;
  maximum_order_value: number;
  minimum_collection_order_value: number;
  minimum_free_order_value: number;
  standard_delivery_charge: number;
  bag_charge: number;
  collection_lead_minutes: number;
  delivery_lead_minutes: number;
  /** The length of an order time slot (migration 0014). */
  slot_minutes: Generated<number>;
  /** The most orders a slot takes; null: no limit. */
  orders_per_slot: number | null;
  /** How long a request waits for the restaurant before it is refused; null: the server's ACCEPTANCE_TIMEOUT_SECONDS. */
  acceptance_timeout_seconds: number | null;
  /** How many days ahead customers may order, 0 (today only) to 7 (0017). */
  order_days_ahead: Generated<number>;
  /** Busy mode: new orders paused, until busy_paused_until (ISO instant) or, when that is null, until switched back. */
  busy_paused: Generated<Flag>;
  busy_paused_until: string | null;
  /** Busy mode: minutes added to every lead time (0: none). */
  busy_extra_minutes: Generated<number>;
  /** JSON of the restaurant's own photo (API `Photo`), or null when the owner has chosen none (migration 0027). */
  share_photo: Generated<string | null>;
}

/** A date whose hours are not its weekday's (migration 0014): closed, or open with its own sessions. */
export interface SpecialDaysTable {
  restaurant_id: number;
  /** London date, "2026-12-25". */
  special_date: string;
  /** What customers read: "Closed for Christmas Day". */
  message: string;
  /** JSON array of { opens, closes } ("HH:MM"); empty: closed all day. */
  sessions: string;
}

export interface OpeningPeriodsTable {
  restaurant_id: number;
  /** 0 = Sunday, as JavaScript's Date#getDay. */
  day: number;
  /** "HH:MM" local time. */
  opens: string;
  /** "HH:MM"; earlier than `opens` means after midnight. */
  closes: string;
}

export interface DeliveryZonesTable {
  delivery_zone_id: number;
  restaurant_id: number;
  /** A district ("LS6") or a sector ("LS6 2"), in capitals (src/domain/deliveryZoneRules.ts); a sector wins over its district. */
  postcode_area: string;
  zone_name: string;
  delivery_charge: number;
  minimum_order_value: number;
}

export interface MenusTable {
  menu_id: number;
  restaurant_id: number;
  menu_version: number;
  menu_type: number;
}

export interface MenuCategoriesTable {
  category_id: number;
  menu_id: number;
  name: string;
  description: string;
  category_order: number;
  /** Off the customers' menu, with its dishes; still in the back office (migration 0013). */
  hidden: Generated<Flag>;
}

export interface MenuItemsTable {
  item_id: number;
  category_id: number;
  title: string;
  description: string;
  extended_description: string;
  item_order: number;
  item_cost: number;
  available: Flag;
  /** JSON array of allergen names, so both dialects read back the same text. */
  allergens: string;
  /** JSON array of dietary labels. */
  dietary: string;
  /** Shown among the restaurant's highlighted dishes on its home page (migration 0011). */
  highlighted: Flag;
  /** The dish's number on the menu, "54" or "54a" (migration 0022). */
  menu_number: string | null;
  /** The dish's Chinese name, in the script of chinese_script (migration 0022). */
  chinese_name: string | null;
  chinese_script: 'zh-Hans' | 'zh-Hant' | null;
  /** JSON of the dish's photo (API `Photo`), or null without one (migration 0023). */
  photo: string | null;
}

/** Photos the owner uploaded (migration 0023); the files are in the media store. */
export interface MediaTable {
  /** SHA-256 of the original file, in hex. */
  media_id: string;
  alt: string;
  width: number;
  height: number;
  /** JSON array of the widths its copies were made at. */
  widths: string;
  original_type: string;
  uploaded_at: string;
}

export interface MenuConfigItemsTable {
  config_id: number;
  item_id: number;
  label: string;
  extra_cost: number;
  config_order: number;
}

export interface PagesTable {
  /** Unique case-insensitively (an index on lower(page_name)). */
  page_name: string;
  title: string;
  /** JSON text of the page's rows. */
  content: string;
}

export interface BasketsTable {
  /** 128-bit random, base64url: it reaches the customer. */
  basket_id: string;
  order_builder_ref: string;
  /** SPEC §4 basket status 0..8, derived from what the basket holds (docs/order-journey.md). */
  status: number;
  order_type: number;
  /** The menu version the lines were priced against. */
  menu_version: number;
  /** 'Website', or 'Phone' for an order staff took on the phone (0025). */
  source_type: string;
  os: string;
  os_version: string;
  app_version: string;
  ignore_time_offset: Flag;
  name: string;
  phone: string;
  email: string;
  delivery_address1: string | null;
  delivery_address2: string | null;
  delivery_town: string | null;
  /** Normalised ("LS6 2AB"). */
  delivery_postcode: string | null;
  delivery_zone_id: number | null;
  /** ISO instant in UTC. */
  requested_time: string | null;
  asap: Flag;
  payment_type: number;
  /** A phone order paid by card at the counter when collected (0025); payment_type is CashOrder then. */
  card_on_collection: Generated<Flag>;
  notes: string;
  /** The profile discount in percent. */
  discount_percent: number;
  /** The discounted item total. */
  item_cost: number;
  original_item_cost: number;
  /** Every discount together. */
  discount: number;
  bag_charge: number;
  delivery_charge: number;
  total_cost: number;
  /** Set once, when confirmed: 128-bit random, base64url. */
  order_ref: string | null;
  confirmed_at: string | null;
  created_at: string;
  updated_at: string;
  /** Rises by one with every saved update. */
  revision: number;
  /** The signed-in customer the basket was last priced for; null for a guest's (docs/accounts.md). */
  account_sub: string | null;
  /** The profile discount's part of `discount`. */
  profile_discount: number;
  /** Set when confirmed: the lines as an account lists them (`orderSummaryOf`); null before, and for orders confirmed before 0005. */
  order_summary: string | null;
  /** Set by the tracking page's "Stop notifications" (0016): nothing more is queued or sent for the order. */
  notifications_stopped_at: string | null;
  /** The short number people read out ("Order 47"), set when confirmed: the sequence of `order_date` (0018). */
  order_number: number | null;
  /** The London date the order was placed on, which its number counts in. */
  order_date: string | null;
}

/** Each London day's last order number (0018), taken by the confirming transaction. */
export interface OrderNumberDaysTable {
  order_date: string;
  last_number: number;
}

export interface BasketLinesTable {
  basket_id: string;
  /** 0-based position in the basket. */
  line_no: number;
  category_id: number;
  item_id: number;
  config_id: number | null;
  config_option: string | null;
  title: string;
  quantity: number;
  special_request: string;
  item_cost: number;
  line_cost: number;
}

/** A confirmed order's acceptance request and kitchen progress (docs/acceptance-and-kitchen.md). ISO instants in UTC. */
export interface OrderAcceptancesTable {
  basket_id: string;
  /** SPEC §4 acceptance status 0..3. */
  status: number;
  requested_at: string;
  /** When the restaurant's time to answer starts (0017): the request time, or later for a pre-order. */
  answer_from: string | null;
  /** When the order is due. */
  update_time: string;
  /** The restaurant's new time, once it proposed one. */
  proposed_time: string | null;
  refusal_reason: string | null;
  /** Set when the customer cancelled. */
  cancelled_at: string | null;
  /** SPEC §4 kitchen status 0..6; null exactly until the order is accepted. */
  kitchen_status: number | null;
  kitchen_status_changed_at: string | null;
  /** JSON array of the 0-based line numbers the kitchen named as unavailable when it refused the order (0019). */
  unavailable_lines: Generated<string>;
}

/** One change to an order, for staff: what changed, from and to what, and who changed it. */
export interface OrderEventsTable {
  basket_id: string;
  /** 0-based, in the order the changes were made. */
  event_no: number;
  at: string;
  change: AcceptanceEvent['change'];
  from_value: string | null;
  to_value: string | null;
  /** 'customer', 'system' or 'kitchen:<the staff member's sub>'. */
  actor: string;
}

/** A table-booking request (docs/restaurant-pages.md). London days YYYY-MM-DD and times HH:MM; received_at an ISO instant in UTC. */
export interface BookingRequestsTable {
  /** "B-" and six characters, as the customer was told. */
  booking_ref: string;
  booking_date: string;
  booking_time: string;
  party_size: number;
  name: string;
  phone: string;
  email: string;
  /** Empty when the customer wrote none. */
  notes: string;
  received_at: string;
}

/** A catering enquiry (docs/restaurant-pages.md). */
export interface CateringEnquiriesTable {
  /** "C-" and six characters, as the customer was told. */
  enquiry_ref: string;
  /** London day, YYYY-MM-DD. */
  event_date: string;
  guests: number;
  /** In the customer's words; empty when they gave none. */
  budget: string;
  name: string;
  phone: string;
  email: string;
  message: string;
  received_at: string;
}

/** A customer's account, keyed by the identity user's `sub` (docs/accounts.md). */
export interface AccountsTable {
  auth_sub: string;
  /** As the identity service holds it. */
  email: string;
  name: string | null;
  phone: string | null;
  /** The profile discount in percent. */
  discount_percent: number;
  /** Points not yet turned into a points voucher (below 100). */
  points: number;
  /** "GD7KM-3XQ9P": what staff scan or type (src/server/domain/loyaltyIds.ts). */
  loyalty_id: string;
  created_at: string;
  last_login_at: string | null;
  /**
   * Random, new with every change to what GetAccount answers (`newChangeTag`): the profile, an address, the points
   * and vouchers (crediting and giving back set it with the points), and any change the restaurant makes. The server
   * keeps account pages by it (accountRepository.find).
   */
  change_tag: string;
}

export interface AccountAddressesTable {
  auth_sub: string;
  /** 0-based, in the order they were added. */
  position: number;
  address1: string;
  address2: string;
  town: string;
  county: string;
  /** Normalised ("LS6 2AB"). */
  post_code: string;
}

export interface AccountVouchersTable {
  /** The contract's voucherId. */
  voucher_id: Generated<number>;
  auth_sub: string;
  /** 1 fixed value, 2 points, 3 day-specific percent. */
  voucher_type: number;
  title: string;
  /** A fixed or points voucher's value. */
  value_pence: number | null;
  /** A day-specific voucher's percentage. */
  percent: number | null;
  /** A day-specific voucher's day, 0 Sunday to 6 Saturday (London). */
  valid_day: number | null;
  /** The confirmed order that used it; null while it is held. */
  used_by_basket_id: string | null;
  /** Withdrawn when a refused order's points had to be taken back from it. */
  withdrawn: Flag;
  source: 'restaurant' | 'points';
  created_at: string;
}

/** The points an order earned, and their reversal when it was refused or cancelled: each at most once per order. */
export interface LoyaltyEventsTable {
  auth_sub: string;
  basket_id: string;
  kind: 'earned' | 'reversed';
  points: number;
  created_at: string;
}

/** The vouchers a basket was priced with, in the customer's order. */
export interface BasketVouchersTable {
  basket_id: string;
  position: number;
  voucher_id: number;
  /** What the voucher took off the basket. */
  discount_pence: number;
}

/**
 * Where a basket's online payment is (docs/payments.md): `linked` to a PayPal order the customer is approving;
 * `authorising` while the server asks PayPal (left so by a crash, for reconciliation); `authorised` (held) with
 * the order confirmed; `capture_due` → `captured` (taken) once the restaurant accepts; `refund_due` → `refunded`;
 * `void_due` → `voided` (released); `failed` when PayPal refused and nothing is held.
 */
export type PaymentState =
  | 'linked'
  | 'authorising'
  | 'authorised'
  | 'capture_due'
  | 'captured'
  | 'refund_due'
  | 'refunded'
  | 'void_due'
  | 'voided'
  | 'failed';

/** A basket's payment through PayPal: at most one per basket, and one basket per PayPal order. */
export interface PaymentsTable {
  basket_id: string;
  paypal_order_id: string;
  /** PayPal's funding source as the browser reported it: 'paypal', 'card'… */
  payment_source: string;
  state: PaymentState;
  /** What PayPal authorised, once it has. */
  amount_pence: number | null;
  authorization_id: string | null;
  capture_id: string | null;
  refund_id: string | null;
  /** When PayPal authorised (or reauthorised) the money held (0017); its honour period counts from here. */
  authorised_at: string | null;
  /** What was done when the honour period ran out before the capture (0017); null: nothing was needed. */
  honour_outcome: HonourOutcome | null;
  created_at: string;
  updated_at: string;
}

/** Reauthorised at PayPal, or (PayPal refused) released, to be paid in cash on collection or delivery. */
export type HonourOutcome = 'reauthorised' | 'cash';

export type PaymentOperation = 'capture' | 'void' | 'refund';

/**
 * A step to send to PayPal, written in the same transaction as the change that causes it (docs/payments.md); at
 * most one of each operation per basket.
 */
export interface PaymentOutboxTable {
  id: Generated<number>;
  basket_id: string;
  operation: PaymentOperation;
  created_at: string;
  /** Set when PayPal has done it; null while it is due. */
  done_at: string | null;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  /** A server's outbox worker that claimed the step owns it until then (0028); after a crash another takes it over. */
  claimed_until: string | null;
}

/** A native app's push token for an order (0016). */
export interface DeviceTokensTable {
  id: Generated<number>;
  basket_id: string;
  device_token: string;
  created_at: string;
}

/** A browser's web push subscription for an order (0016). */
export interface WebPushSubscriptionsTable {
  id: Generated<number>;
  basket_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

export type NotificationChannel = 'email' | 'nativePush' | 'webPush';
export type NotificationOutcome = 'sent' | 'unregistered' | 'stopped' | 'expired';

/** One moment of an order for one channel's recipient (0016, docs/notifications.md). */
export interface NotificationDeliveriesTable {
  id: Generated<number>;
  basket_id: string;
  moment: OrderMoment;
  /** MomentDetail as JSON. */
  detail: string;
  channel: NotificationChannel;
  /** The email address, the device token or the web push endpoint. */
  recipient: string;
  created_at: string;
  next_attempt_at: string;
  claimed_until: string | null;
  attempts: number;
  last_error: string | null;
  done_at: string | null;
  outcome: NotificationOutcome | null;
}

export type PrintedDocuments = 'kitchen' | 'receipt' | 'both';

/** A ticket printer on the counter's network (docs/printing.md). */
export interface PrintersTable {
  printer_id: Generated<number>;
  name: string;
  host: string;
  port: number;
  paper_width: 58 | 80;
  documents: PrintedDocuments;
  copies: number;
  removed_at: string | null;
  checked_at: string | null;
  offline_since: string | null;
  last_error: string | null;
}

/**
 * Why a job prints: the order was accepted, staff asked for it again, or its payment fell back to cash after its ticket
 * was printed (the corrected ticket, docs/printing.md).
 */
export type PrintJobReason = 'accepted' | 'reprint' | 'paymentChanged';

/** The print-job outbox: one job per printer for an accepted order, one for each reprint, and the corrected tickets. */
export interface PrintJobsTable {
  job_id: Generated<number>;
  printer_id: number;
  basket_id: string;
  reason: PrintJobReason;
  created_at: string;
  next_attempt_at: string;
  claimed_until: string | null;
  attempts: number;
  last_error: string | null;
  done_at: string | null;
  outcome: 'printed' | 'dropped' | null;
}

/** The key a phone order was placed with (0031, docs/phone-orders.md): a repeat of the call answers that order. */
export interface PhoneOrderKeysTable {
  idempotency_key: string;
  basket_id: string;
  /** SHA-256 of the order as sent (without its key), to tell a repeat from another order sent with the same key. */
  fingerprint: string;
  created_at: string;
}

/** A payment error: LogError's from the browser, and the refusals the server met while authorising. */
export interface PaymentErrorLogsTable {
  id: Generated<number>;
  /** The basket it concerns, when known (not checked: a wrong id is still worth keeping). */
  basket_id: string | null;
  reported_by: 'browser' | 'server';
  /** SPEC §4's PayPal error mode. */
  error_mode: string;
  message: string;
  details: string | null;
  created_at: string;
}

/** One change made in the back office or by staff to what the restaurant sells (docs/back-office.md). */
export interface AuditEntriesTable {
  audit_id: Generated<number>;
  /** ISO instant in UTC. */
  at: string;
  actor_sub: string;
  actor_email: string;
  /** The thing edited as a whole: an EditArea, or what a staff action touched ('sold-out', 'busy'). */
  area: string;
  /** One line for people: "Price of Crispy Chilli Beef £8.50 → £8.90". */
  summary: string;
  /** JSON text of what it was and what it became; null where there was nothing (a creation, a removal). */
  before_value: string | null;
  after_value: string | null;
}

/** The revision of each thing the owner edits as a whole; a save names the one it was read at. */
export interface EditRevisionsTable {
  area: string;
  revision: number;
}

/** The owner's draft of a whole menu until it is published (docs/back-office.md, "Menu"). */
export interface MenuDraftsTable {
  menu_id: number;
  /** JSON text of the contract's EditableMenuCategories. */
  categories: string;
  saved_at: string;
}

/** The owner's draft of a page until it is published (docs/back-office.md, "Pages"). */
export interface PageDraftsTable {
  /** As the owner named it; the published page of the same name case-insensitively is the one it replaces. */
  page_name: string;
  title: string;
  /** JSON text of the page's rows, as `pages.content`. */
  content: string;
  saved_at: string;
}

/** The highest id each kind of menu row has ever had: publishing never gives a new row an id used before. */
export interface MenuHighestIdsTable {
  kind: 'category' | 'item' | 'option';
  highest: number;
}

/** A dish, or one of its options, sold out until `until` (docs/back-office.md, "Sold out today"). */
export interface SoldOutItemsTable {
  item_id: number;
  /** 0 for the whole dish. */
  config_id: number;
  /** ISO instant in UTC: the start of the next opening day. */
  until: string;
  marked_at: string;
}

export interface DatabaseSchema {
  media: MediaTable;
  restaurant: RestaurantTable;
  takeaway_settings: TakeawaySettingsTable;
  opening_periods: OpeningPeriodsTable;
  special_days: SpecialDaysTable;
  delivery_zones: DeliveryZonesTable;
  menus: MenusTable;
  menu_categories: MenuCategoriesTable;
  menu_items: MenuItemsTable;
  menu_config_items: MenuConfigItemsTable;
  pages: PagesTable;
  baskets: BasketsTable;
  order_number_days: OrderNumberDaysTable;
  basket_lines: BasketLinesTable;
  order_acceptances: OrderAcceptancesTable;
  order_events: OrderEventsTable;
  booking_requests: BookingRequestsTable;
  catering_enquiries: CateringEnquiriesTable;
  accounts: AccountsTable;
  account_addresses: AccountAddressesTable;
  account_vouchers: AccountVouchersTable;
  loyalty_events: LoyaltyEventsTable;
  basket_vouchers: BasketVouchersTable;
  payments: PaymentsTable;
  payment_outbox: PaymentOutboxTable;
  payment_error_logs: PaymentErrorLogsTable;
  audit_entries: AuditEntriesTable;
  edit_revisions: EditRevisionsTable;
  menu_drafts: MenuDraftsTable;
  page_drafts: PageDraftsTable;
  menu_highest_ids: MenuHighestIdsTable;
  sold_out_items: SoldOutItemsTable;
  device_tokens: DeviceTokensTable;
  web_push_subscriptions: WebPushSubscriptionsTable;
  notification_deliveries: NotificationDeliveriesTable;
  printers: PrintersTable;
  print_jobs: PrintJobsTable;
  phone_order_keys: PhoneOrderKeysTable;
}
