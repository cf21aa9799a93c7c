import { sql, type Kysely, type Migration } from 'kysely';

// Table-booking requests and catering enquiries from the restaurant's own pages (docs/restaurant-pages.md).
// Each is keyed by the reference the customer was given; days are London dates (YYYY-MM-DD) and times London
// clock times (HH:MM), so that text order is time order; received_at is ISO 8601 text in UTC.

// Only what any stored row must be: the limits of the forms (src/domain/bookingRules.ts) may change, a migration may not.
const isPositive = (column: string) => sql`${sql.ref(column)} > 0`;

export const bookingsAndEnquiries: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('booking_requests')
      .addColumn('booking_ref', 'text', (column) => column.primaryKey())
      .addColumn('booking_date', 'text', (column) => column.notNull())
      .addColumn('booking_time', 'text', (column) => column.notNull())
      .addColumn('party_size', 'integer', (column) => column.notNull().check(isPositive('party_size')))
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('phone', 'text', (column) => column.notNull())
      .addColumn('email', 'text', (column) => column.notNull())
      .addColumn('notes', 'text', (column) => column.notNull())
      .addColumn('received_at', 'text', (column) => column.notNull())
      .execute();
    // The staff list reads a range of days in date and time order.
    await db.schema.createIndex('booking_requests_date_time').on('booking_requests').columns(['booking_date', 'booking_time']).execute();

    await db.schema
      .createTable('catering_enquiries')
      .addColumn('enquiry_ref', 'text', (column) => column.primaryKey())
      .addColumn('event_date', 'text', (column) => column.notNull())
      .addColumn('guests', 'integer', (column) => column.notNull().check(isPositive('guests')))
      .addColumn('budget', 'text', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('phone', 'text', (column) => column.notNull())
      .addColumn('email', 'text', (column) => column.notNull())
      .addColumn('message', 'text', (column) => column.notNull())
      .addColumn('received_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('catering_enquiries_event_date').on('catering_enquiries').columns(['event_date']).execute();
  },
};
