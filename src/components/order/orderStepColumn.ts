/**
 * The column every step of an order is drawn in, from the basket to the confirmation: the whole width on a phone, and
 * in the middle of a wider screen rather than at its left beside an empty half. One width for every step, so that its
 * edges stay where they were from one step to the next.
 */
export const ORDER_STEP_COLUMN = { maw: '40rem', mx: 'auto', w: '100%' } as const;
