import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { basketMachine, type BasketEvent, type BasketSnapshot } from '../../machines/basket/basketMachine';
import { basketFormsPaths, CHOSEN_ADDRESS, input, SAVED_ADDRESS, serializeFormState } from './basket.paths';

type Offer = { asapAvailable: boolean; slots: readonly string[] };
type Time = { asap: true } | { asap: false; requestedTime: string };

/**
 * docs/order-journey.md's rules for what the forms show, written out apart from the statechart: the drafts a path's
 * events should leave, and whether each event is taken at all.
 */
interface Expected {
  delivery?: typeof SAVED_ADDRESS;
  time?: Time;
  offer?: Offer;
}

const offers = (time: Time, offer: Offer) => (time.asap ? offer.asapAvailable : offer.slots.includes(time.requestedTime));
const firstSlot = (offer: Offer): Time | undefined => (offer.slots[0] === undefined ? undefined : { asap: false, requestedTime: offer.slots[0] });

function expectedAfter(expected: Expected, event: BasketEvent): { next: Expected; taken: boolean } {
  switch (event.type) {
    // The first saved address opens the delivery form only when nothing is in it yet.
    case 'SAVED_ADDRESSES':
      return { next: { ...expected, delivery: expected.delivery ?? event.addresses[0] }, taken: true };
    // An address the customer chose is what the form shows.
    case 'PREFILL_DELIVERY':
      return { next: { ...expected, delivery: event.address }, taken: true };
    // A time picked before stays while it is still offered; otherwise as soon as possible if offered, else the first slot.
    case 'OFFER_TIMES': {
      const kept = expected.time !== undefined && offers(expected.time, event.offered) ? expected.time : undefined;
      const time = kept ?? (event.offered.asapAvailable ? { asap: true as const } : firstSlot(event.offered));
      return { next: { ...expected, offer: event.offered, time }, taken: true };
    }
    // Nothing can be picked before the times are known; a time not offered now is not taken.
    case 'PICK_TIME': {
      const offer = expected.offer;
      if (offer === undefined) return { next: expected, taken: false };
      if (event.asap) return { next: offer.asapAvailable ? { ...expected, time: { asap: true } } : expected, taken: true };
      if (event.requestedTime === undefined) {
        const shownLater = expected.time?.asap === false && offers(expected.time, offer) ? expected.time : undefined;
        return { next: { ...expected, time: shownLater ?? firstSlot(offer) ?? expected.time }, taken: true };
      }
      return { next: offer.slots.includes(event.requestedTime) ? { ...expected, time: { asap: false, requestedTime: event.requestedTime } } : expected, taken: true };
    }
    default:
      throw new Error(`${event.type} is not a form event`);
  }
}

function expectDrafts(snapshot: BasketSnapshot, expected: Expected) {
  const { drafts, offeredTimes } = snapshot.context;
  expect(drafts.delivery).toEqual(expected.delivery);
  expect(drafts.time).toEqual(expected.time);
  expect(offeredTimes).toEqual(expected.offer);
  // What the order-time step shows is always a time the server offers now.
  if (drafts.time !== undefined && offeredTimes !== undefined) expect(offers(drafts.time, offeredTimes)).toBe(true);
  // None of it is the order's yet: only submitting a step makes it so.
  expect(snapshot.context.delivery).toBeUndefined();
  expect(snapshot.context.time).toBeUndefined();
}

describe(basketFormsPaths.suite, () => {
  const paths = basketFormsPaths.paths.map(({ path }) => path);
  const reached = (check: (state: BasketSnapshot) => boolean) => paths.some((path) => check(path.state));

  it('reach a saved address arriving before and after a chosen one, every time each offer shows, and picks meeting a newer offer', () => {
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    const names = new Set(basketFormsPaths.paths.map(({ name }) => name));
    // A saved address that arrives after one was chosen, and before: the rule of never filling over a form.
    expect(names).toContain('PREFILL_DELIVERY → SAVED_ADDRESSES');
    expect(names).toContain('SAVED_ADDRESSES → PREFILL_DELIVERY');
    expect(reached((state) => state.context.customerAddress !== undefined && same(state.context.drafts.delivery, CHOSEN_ADDRESS))).toBe(true);
    expect(reached((state) => same(state.context.drafts.delivery, SAVED_ADDRESS))).toBe(true);
    // A time picked on one offer, then a newer offer that still has it, and one that has not.
    expect(names).toContain('OFFER_TIMES(early) → PICK_TIME(18:15) → OFFER_TIMES(later)');
    expect(names).toContain('OFFER_TIMES(early) → PICK_TIME(later) → OFFER_TIMES(later)');
    // "As soon as possible", shown first, then an offer without it.
    expect(names).toContain('OFFER_TIMES(early) → OFFER_TIMES(later)');
    for (const time of [{ asap: true }, { asap: false, requestedTime: '18:00' }, { asap: false, requestedTime: '18:15' }, { asap: false, requestedTime: '18:30' }]) {
      expect(reached((state) => same(state.context.drafts.time, time)), JSON.stringify(time)).toBe(true);
    }
    expect(paths.length).toBeLessThan(200);
    // Refused events change nothing, so no path has one: nothing is picked before the times are known.
    const fresh = createActor(basketMachine, { input }).start();
    expect(fresh.getSnapshot().can({ type: 'PICK_TIME', asap: true })).toBe(false);
    expect(fresh.getSnapshot().can({ type: 'PICK_TIME', asap: false, requestedTime: '18:15' })).toBe(false);
    fresh.stop();
  });

  for (const { name, path } of basketFormsPaths.paths) {
    it(name, () => {
      const actor = createActor(basketMachine, { input }).start();
      let expected: Expected = {};
      try {
        for (const { event, state } of path.steps.slice(1)) {
          const { next, taken } = expectedAfter(expected, event);
          expect(actor.getSnapshot().can(event), `${event.type} taken`).toBe(taken);
          actor.send(event);
          expected = next;
          expectDrafts(actor.getSnapshot(), expected);
          expect(serializeFormState(actor.getSnapshot())).toBe(serializeFormState(state));
        }
      } finally {
        actor.stop();
      }
    });
  }
});
