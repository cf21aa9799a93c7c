import { describe, expect, it } from 'vitest';
import { validateOrderIdSearch } from '../../src/shell/orderIdSearch';

// `?orderId=` of /track and /confirmation, as the router hands it over after reading the URL's values as JSON.
describe('the order reference in the address', () => {
  it('keeps a reference as text, digits included ("?orderId=47" reads as the number 47)', () => {
    expect(validateOrderIdSearch({ orderId: ' Ab3_x ' })).toEqual({ orderId: 'Ab3_x' });
    expect(validateOrderIdSearch({ orderId: 47 })).toEqual({ orderId: '47' });
  });

  it('says there is none, rather than leaving the raw value, for an empty, absent or structured one', () => {
    for (const orderId of ['', '   ', undefined, null, { a: 1 }, [1], true, Number.NaN]) {
      expect(validateOrderIdSearch({ orderId })).toEqual({ orderId: undefined });
    }
  });
});
