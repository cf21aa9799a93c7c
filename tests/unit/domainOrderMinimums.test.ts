import { describe, expect, it } from 'vitest';
import { formatGbp, penceToPounds, percentOfPence, poundsToPence, roundHalfUpToPenny } from '../../src/domain/money';
import { meetsMinimum, orderMinimumSettingsFrom, orderSummaryMessages, shortfallPence } from '../../src/domain/orderMinimums';
import { OrderType } from '../../src/domain/orderEnums';

const settings = orderMinimumSettingsFrom({
  allowCollection: true,
  allowOrdering: true,
  minimumCollectionOrderValue: 10,
  minimumFreeOrderValue: 15,
});

describe('money', () => {
  it('converts between pence and pounds exactly', () => {
    expect(penceToPounds(850)).toBe(8.5);
    expect(poundsToPence(8.5)).toBe(850);
    expect(poundsToPence(0.29)).toBe(29);
    expect(poundsToPence(1.15)).toBe(115);
  });

  it('formats GBP in en-GB with two decimals', () => {
    expect(formatGbp(350)).toBe('£3.50');
    expect(formatGbp(5)).toBe('£0.05');
    expect(formatGbp(123456)).toBe('£1,234.56');
  });

  it('formats GBP as Intl does, negatives, thousands and large amounts included', () => {
    const intlGbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    const chosen = [0, 1, 5, 99, 100, 105, 999, 1000, 99999, 100000, 123456789, 999_999_999_999_999];
    // A fixed seed (a linear congruential generator) so that a failure names the same amounts on every run.
    let seed = 20_261_128;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const randoms = Array.from({ length: 5000 }, () => Math.round((random() * 2 - 1) * 1e9));
    const disagreements = [...chosen, ...chosen.filter((pence) => pence > 0).map((pence) => -pence), ...randoms]
      .filter((pence) => formatGbp(pence) !== intlGbp.format(pence / 100))
      .map((pence) => `${pence}: Intl says ${intlGbp.format(pence / 100)}, not ${formatGbp(pence)}`);
    expect(disagreements).toEqual([]);
    expect(formatGbp(-350)).toBe('-£3.50');
    expect(formatGbp(123456789)).toBe('£1,234,567.89');
  });

  it('never writes "-£0.00", where Intl would for -0', () => {
    expect(formatGbp(-0)).toBe('£0.00');
    expect(formatGbp(-0.4)).toBe('£0.00');
    expect(formatGbp(-0.6)).toBe('-£0.01');
  });

  it('keeps every penny of amounts too large for pounds as a float, where Intl loses some', () => {
    expect(formatGbp(Number.MAX_SAFE_INTEGER)).toBe('£90,071,992,547,409.91');
  });

  it('rounds fractions of a penny half up', () => {
    expect(roundHalfUpToPenny(157.5)).toBe(158);
    expect(roundHalfUpToPenny(157.49)).toBe(157);
    expect(percentOfPence(1050, 15)).toBe(158);
    expect(percentOfPence(999, 10)).toBe(100);
    expect(percentOfPence(994, 10)).toBe(99);
    expect(percentOfPence(1000, 12.5)).toBe(125);
  });
});

describe('summary messages (SPEC §5)', () => {
  it('says both are available at or above the minimums', () => {
    expect(orderSummaryMessages(1500, settings)).toEqual({ collection: 'Collection available', delivery: 'Delivery available' });
  });

  it('says how much to add, in pounds with two decimals', () => {
    expect(orderSummaryMessages(650, settings)).toEqual({ collection: 'Add £3.50 to collect', delivery: 'Add £8.50 to deliver' });
    expect(orderSummaryMessages(1000, settings)).toEqual({ collection: 'Collection available', delivery: 'Add £5.00 to deliver' });
    expect(orderSummaryMessages(0, settings)).toEqual({ collection: 'Add £10.00 to collect', delivery: 'Add £15.00 to deliver' });
  });

  it("uses the delivery zone's minimum once the zone is known", () => {
    expect(orderSummaryMessages(1000, settings, 1200).delivery).toBe('Add £2.00 to deliver');
    expect(orderSummaryMessages(1200, settings, 1200).delivery).toBe('Delivery available');
  });

  it('says unavailable when the settings forbid it', () => {
    expect(orderSummaryMessages(5000, { ...settings, allowCollection: false }).collection).toBe('Collection unavailable');
    expect(orderSummaryMessages(5000, { ...settings, allowOrdering: false }).delivery).toBe('Delivery unavailable');
  });
});

describe('meetsMinimum', () => {
  it('compares the discounted item total with the minimum of the order type', () => {
    expect(meetsMinimum(OrderType.Collection, 999, settings)).toBe(false);
    expect(meetsMinimum(OrderType.Collection, 1000, settings)).toBe(true);
    expect(meetsMinimum(OrderType.Delivery, 1499, settings)).toBe(false);
    expect(meetsMinimum(OrderType.Delivery, 1200, settings, 1200)).toBe(true);
    expect(shortfallPence(OrderType.Delivery, 850, settings, 1200)).toBe(350);
  });

  it('is never met for an order type that is not allowed or not chosen', () => {
    expect(meetsMinimum(OrderType.Collection, 5000, { ...settings, allowCollection: false })).toBe(false);
    expect(meetsMinimum(OrderType.Delivery, 5000, { ...settings, allowOrdering: false })).toBe(false);
    expect(meetsMinimum(OrderType.NotSet, 5000, settings)).toBe(false);
  });
});
