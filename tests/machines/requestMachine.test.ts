import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createRequestMachine, requestMachineWithSender } from '../../machines/request/requestMachine';
import { createControlledSender } from './requestSender';

const refused = { status: 400, message: 'That voucher has expired', validationErrors: [] };
const invalid = { status: 400, message: null, validationErrors: [{ field: 'email', message: 'is required' }] };
const noResponse = { message: 'The service is temporarily unavailable', validationErrors: [] };

function startRequestActor() {
  const { sender, calls } = createControlledSender();
  const actor = createActor(requestMachineWithSender(sender)).start();
  return { actor, calls };
}

describe('the request helper (SPEC §4)', () => {
  it('starts idle with no data and no error', () => {
    const { actor } = startRequestActor();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ data: null, error: null });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('SEND goes to sending, tagged busy, and hands the request and a live signal to the sender', () => {
    const { actor, calls } = startRequestActor();
    actor.send({ type: 'SEND', request: 'GET menu 1' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0].request).toBe('GET menu 1');
    expect(calls[0].signal.aborted).toBe(false);
  });

  it('a response is received: the data is stored and the error cleared', async () => {
    const { actor, calls } = startRequestActor();
    actor.send({ type: 'SEND', request: 'first' });
    await calls[0].answer({ ok: false, aborted: false, error: refused });
    actor.send({ type: 'SEND', request: 'second' });
    await calls[1].answer({ ok: true, data: 'the menu' });

    expect(actor.getSnapshot().value).toBe('responseReceived');
    expect(actor.getSnapshot().context).toEqual({ data: 'the menu', error: null });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('an error stores the message with no validation failures', async () => {
    const { actor, calls } = startRequestActor();
    actor.send({ type: 'SEND', request: 'add voucher' });
    await calls[0].answer({ ok: false, aborted: false, error: refused });

    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context).toEqual({ data: null, error: refused });
  });

  it('an error stores the validation failures with a null message', async () => {
    const { actor, calls } = startRequestActor();
    actor.send({ type: 'SEND', request: 'update profile' });
    await calls[0].answer({ ok: false, aborted: false, error: invalid });

    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error).toEqual(invalid);
  });

  it('an error keeps the data of the previous response', async () => {
    const { actor, calls } = startRequestActor();
    actor.send({ type: 'SEND', request: 'load' });
    await calls[0].answer({ ok: true, data: 'the account' });
    actor.send({ type: 'SEND', request: 'reload' });
    await calls[1].answer({ ok: false, aborted: false, error: refused });

    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context).toEqual({ data: 'the account', error: refused });
  });

  it('a sender that rejects is no response: "The service is temporarily unavailable"', async () => {
    const { actor, calls } = startRequestActor();
    actor.send({ type: 'SEND', request: 'load' });
    await calls[0].fail(new TypeError('fetch failed'));

    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context).toEqual({ data: null, error: noResponse });
  });

  it('without a provided sender, a SEND ends in the no-response error rather than hanging', async () => {
    const actor = createActor(createRequestMachine<string, string>()).start();
    actor.send({ type: 'SEND', request: 'load' });
    const snapshot = await waitFor(actor, (state) => !state.hasTag('busy'));

    expect(snapshot.value).toBe('error');
    expect(snapshot.context.error).toEqual(noResponse);
  });

  it('a second SEND while sending is ignored and the first request is the one answered', async () => {
    const { actor, calls } = startRequestActor();
    actor.send({ type: 'SEND', request: 'place order' });
    actor.send({ type: 'SEND', request: 'place order again' });

    expect(calls.map((call) => call.request)).toEqual(['place order']);
    expect(calls[0].signal.aborted).toBe(false);
    await calls[0].answer({ ok: true, data: 'order 1' });
    expect(actor.getSnapshot().value).toBe('responseReceived');
    expect(actor.getSnapshot().context.data).toBe('order 1');
  });

  it('a new SEND from responseReceived or from error sends again', async () => {
    const { actor, calls } = startRequestActor();
    actor.send({ type: 'SEND', request: 'one' });
    await calls[0].answer({ ok: true, data: 'first' });
    actor.send({ type: 'SEND', request: 'two' });
    expect(actor.getSnapshot().value).toBe('sending');
    await calls[1].answer({ ok: false, aborted: false, error: refused });
    actor.send({ type: 'SEND', request: 'three' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(calls.map((call) => call.request)).toEqual(['one', 'two', 'three']);
  });

  it('RESET from responseReceived and from error goes back to idle and clears everything', async () => {
    const { actor, calls } = startRequestActor();
    actor.send({ type: 'SEND', request: 'one' });
    await calls[0].answer({ ok: true, data: 'first' });
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ data: null, error: null });

    actor.send({ type: 'SEND', request: 'two' });
    await calls[1].answer({ ok: false, aborted: false, error: invalid });
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ data: null, error: null });
  });

  it('RESET while sending aborts the call and its late response is dropped', async () => {
    const { actor, calls } = startRequestActor();
    actor.send({ type: 'SEND', request: 'one' });
    await calls[0].answer({ ok: true, data: 'first' });
    actor.send({ type: 'SEND', request: 'two' });
    actor.send({ type: 'RESET' });

    expect(calls[1].signal.aborted).toBe(true);
    await calls[1].answer({ ok: true, data: 'too late' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ data: null, error: null });
  });

  it('stopping the actor while sending (its screen has gone) aborts the call and drops the late response', async () => {
    const { actor, calls } = startRequestActor();
    const seen: unknown[] = [];
    actor.subscribe((snapshot) => seen.push(snapshot.value));
    actor.send({ type: 'SEND', request: 'load' });
    actor.stop();

    expect(calls[0].signal.aborted).toBe(true);
    await calls[0].answer({ ok: true, data: 'too late' });
    expect(actor.getSnapshot().status).toBe('stopped');
    expect(actor.getSnapshot().value).toBe('sending');
    expect(actor.getSnapshot().context).toEqual({ data: null, error: null });
    expect(seen).toEqual(['sending']);
  });

  it('a result aborted through another signal goes back to idle with nothing stored', async () => {
    const { actor, calls } = startRequestActor();
    actor.send({ type: 'SEND', request: 'one' });
    await calls[0].answer({ ok: true, data: 'first' });
    actor.send({ type: 'SEND', request: 'two' });
    await calls[1].answer({ ok: false, aborted: true });

    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ data: null, error: null });
  });
});
