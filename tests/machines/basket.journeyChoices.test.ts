import { describe, expect, it } from 'vitest';
import { initialOrderTime, laterOrderTime, pickedOrderTime, preselectedOrderType, shownOrderTime } from '../../machines/basket/journeyChoices';
import { createOrderTypeMemory } from '../../src/platform/orderTypeMemory';

const FIRST = '2026-12-01T17:30:00.000Z';
const SECOND = '2026-12-01T17:45:00.000Z';
const open = { asapAvailable: true, slots: [FIRST, SECOND] };
const closed = { asapAvailable: false, slots: [FIRST, SECOND] };

describe('the time the order-time step opens with (machines/basket/journeyChoices.ts)', () => {
  it('is as soon as possible while that is offered, otherwise the first time offered', () => {
    expect(initialOrderTime(undefined, open)).toEqual({ asap: true });
    expect(initialOrderTime(undefined, closed)).toEqual({ asap: false, requestedTime: FIRST });
  });

  it('keeps the time chosen before while it is still offered, and replaces one that is not', () => {
    expect(initialOrderTime({ asap: false, requestedTime: SECOND }, open)).toEqual({ asap: false, requestedTime: SECOND });
    expect(initialOrderTime({ asap: true }, closed)).toEqual({ asap: false, requestedTime: FIRST });
    expect(initialOrderTime({ asap: false, requestedTime: '2026-12-01T17:15:00.000Z' }, open)).toEqual({ asap: true });
  });

  it('is nothing when nothing is offered', () => {
    expect(initialOrderTime(undefined, { asapAvailable: false, slots: [] })).toBeUndefined();
  });

  it('shows a time picked before while it is still offered, else the one the step opens with', () => {
    expect(shownOrderTime({ asap: false, requestedTime: SECOND }, { asap: true }, open)).toEqual({ asap: false, requestedTime: SECOND });
    expect(shownOrderTime({ asap: true }, { asap: false, requestedTime: SECOND }, closed)).toEqual({ asap: false, requestedTime: SECOND });
    expect(shownOrderTime(undefined, undefined, closed)).toEqual({ asap: false, requestedTime: FIRST });
  });

  it('takes a pick only of a time offered', () => {
    expect(pickedOrderTime({ asap: true }, { asap: false, requestedTime: FIRST }, closed)).toEqual({ asap: false, requestedTime: FIRST });
    expect(pickedOrderTime({ asap: true }, undefined, open)).toEqual({ asap: true });
    expect(pickedOrderTime({ asap: false, requestedTime: SECOND }, { asap: true }, open)).toEqual({ asap: false, requestedTime: SECOND });
    expect(pickedOrderTime({ asap: false, requestedTime: 'tomorrow' }, { asap: true }, open)).toEqual({ asap: true });
  });

  it('"At a later time" shows the later time chosen before, or the first offered', () => {
    expect(laterOrderTime({ asap: true }, open)).toEqual({ asap: false, requestedTime: FIRST });
    expect(laterOrderTime({ asap: false, requestedTime: SECOND }, open)).toEqual({ asap: false, requestedTime: SECOND });
    expect(laterOrderTime(undefined, { asapAvailable: true, slots: [] })).toBeUndefined();
  });
});

describe('the order type the basket opens with', () => {
  const both = { allowCollection: true, allowOrdering: true };

  it('is the one this device chose last, while the restaurant takes it', () => {
    expect(preselectedOrderType(1, both)).toBe(1);
    expect(preselectedOrderType(2, both)).toBe(2);
    expect(preselectedOrderType(1, { allowCollection: false, allowOrdering: true })).toBeUndefined();
    expect(preselectedOrderType(2, { allowCollection: true, allowOrdering: false })).toBeUndefined();
    expect(preselectedOrderType(undefined, both)).toBeUndefined();
  });

  it('is remembered in this browser only as the choice itself, and a stored value that is not one is ignored', () => {
    const stored = new Map<string, string>();
    const storage = { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) };
    const memory = createOrderTypeMemory(storage, 'orderType');
    expect(memory.load()).toBeUndefined();
    memory.save(2);
    expect([...stored]).toEqual([['orderType', '2']]);
    expect(memory.load()).toBe(2);
    stored.set('orderType', '{"name":"Alex"}');
    expect(memory.load()).toBeUndefined();
  });
});
