import { describe, expect, it } from 'vitest';
import type { FastifySchema } from 'fastify';
import { validationFailures } from '../../src/server/errors';
import { createValidatorCompiler } from '../../src/server/plugins/validation';

// The words a refused body gets from the contract's own checks (src/server/errors.ts): forms show them under a
// field to customers, so each is plain English in the restaurant's own phrasing, never a validator's.

const properties = {
  name: { type: 'string', minLength: 1, maxLength: 5 },
  code: { type: 'string', minLength: 3 },
  partySize: { type: 'integer', minimum: 1, maximum: 20 },
  price: { type: 'number' },
  asap: { type: 'boolean' },
  email: { type: 'string', format: 'email' },
  when: { type: 'string', format: 'date-time' },
  lines: { type: 'array', minItems: 1, maxItems: 2 },
  orderType: { enum: [1, 2] },
  note: { type: ['string', 'null'] },
  postcode: { type: 'string', pattern: '^[A-Z]+$' },
};
const bodySchema = { type: 'object', properties };
const validateBody = createValidatorCompiler()({ schema: bodySchema as FastifySchema, httpPart: 'body', method: 'POST', url: '/' });

function failuresOf(body: unknown) {
  const valid = validateBody(body) as boolean;
  expect(valid).toBe(false);
  return validationFailures((validateBody as unknown as { errors: Parameters<typeof validationFailures>[0] }).errors, 'body');
}

describe('validation failures from the contract', () => {
  it.each([
    ['a too-long text', { name: 'Ada Lovelace' }, { field: 'name', message: 'must be at most 5 characters' }],
    ['an empty required text', { name: '' }, { field: 'name', message: 'must not be empty' }],
    ['a too-short text', { code: 'AB' }, { field: 'code', message: 'must be at least 3 characters' }],
    ['a number below its minimum', { partySize: 0 }, { field: 'partySize', message: 'must be at least 1' }],
    ['a number above its maximum', { partySize: 21 }, { field: 'partySize', message: 'must be at most 20' }],
    ['a fraction where a whole number goes', { partySize: 2.5 }, { field: 'partySize', message: 'must be a whole number' }],
    ['text where a number goes', { price: '4.50' }, { field: 'price', message: 'must be a number' }],
    ['text where true or false goes', { asap: 'yes' }, { field: 'asap', message: 'must be true or false' }],
    ['a malformed email', { email: 'ada@' }, { field: 'email', message: 'must be an email address, for example name@example.com' }],
    ['a malformed date and time', { when: 'tomorrow' }, { field: 'when', message: 'must be a date and time, for example 2026-12-24T19:30:00Z' }],
    ['too few items', { lines: [] }, { field: 'lines', message: 'must have at least 1 item' }],
    ['too many items', { lines: [1, 2, 3] }, { field: 'lines', message: 'must have at most 2 items' }],
    ['a value outside its list', { orderType: 3 }, { field: 'orderType', message: 'must be one of 1, 2' }],
    ['a number where text or nothing goes', { note: 5 }, { field: 'note', message: 'must be text or null' }],
    ['a body that is not an object', [], { field: 'body', message: 'must be a JSON object' }],
  ])('words %s plainly', (_case, body, failure) => {
    expect(failuresOf(body)).toEqual([failure]);
  });

  it('keeps the validator’s words where there are no plain ones', () => {
    expect(failuresOf({ postcode: 'ls6' })).toEqual([{ field: 'postcode', message: 'must match pattern "^[A-Z]+$"' }]);
  });
});
