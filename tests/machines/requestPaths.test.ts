import type { StatePath } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { requestMachineWithSender, type RequestContext, type RequestEvent } from '../../machines/request/requestMachine';
import { noResponse, requestShortestPaths, requestSimplePaths, traversal, type ExploredEvent, type RequestSnapshot } from './request.paths';
import { createControlledSender, type PendingCall } from './requestSender';

const shortestPaths = requestShortestPaths.paths.map(({ path }) => path);
const simplePaths = requestSimplePaths.paths.map(({ path }) => path);

type Expected = { value: string; context: RequestContext<string> };

/** What SPEC §4 says each event does, written independently of the machine. */
function expectedAfter(current: Expected, event: ExploredEvent): Expected {
  const empty = { data: null, error: null };
  if (event.type === 'RESET') return { value: 'idle', context: empty };
  if (event.type === 'SEND') return current.value === 'sending' ? current : { ...current, value: 'sending' };
  if (current.value !== 'sending') return current;
  if (event.type === 'xstate.error.actor.send') {
    return { value: 'error', context: { data: current.context.data, error: noResponse } };
  }
  const result = event.output;
  if (result.ok) return { value: 'responseReceived', context: { data: result.data, error: null } };
  if (result.aborted) return { value: 'idle', context: empty };
  return { value: 'error', context: { data: current.context.data, error: result.error } };
}

/** Replays a generated path on a real actor whose sender the test answers, step by step. */
async function replay(path: StatePath<RequestSnapshot, RequestEvent<string>>) {
  const { sender, calls } = createControlledSender();
  const actor = createActor(requestMachineWithSender(sender)).start();
  let expected: Expected = { value: 'idle', context: { data: null, error: null } };
  const answered = new Set<PendingCall>();
  const [initialStep, ...steps] = path.steps;
  expect(initialStep.event.type).toBe('xstate.init');

  for (const step of steps) {
    const event = step.event as ExploredEvent;
    const inFlight = calls.at(-1);
    if (event.type === 'xstate.done.actor.send' || event.type === 'xstate.error.actor.send') {
      expect(inFlight, 'an answer needs a call in flight').toBeDefined();
      expect(answered.has(inFlight!), 'a call is answered once').toBe(false);
      answered.add(inFlight!);
      if (event.type === 'xstate.done.actor.send') await inFlight!.answer(event.output);
      else await inFlight!.fail(event.error);
    } else {
      actor.send(event);
    }
    expected = expectedAfter(expected, event);
    expect(actor.getSnapshot().value).toEqual(expected.value);
    expect(actor.getSnapshot().context).toEqual(expected.context);
    expect(actor.getSnapshot().hasTag('busy')).toBe(expected.value === 'sending');
  }

  // The path's own state stands for its whole abstract class, so they agree up to serialization.
  expect(traversal.serializeState(actor.getSnapshot())).toBe(traversal.serializeState(path.state));

  // Calls cut off by RESET are answered now: their late responses must change nothing.
  const reached = actor.getSnapshot();
  for (const call of calls.slice(0, -1).filter((call) => !answered.has(call))) {
    expect(call.signal.aborted).toBe(true);
    await call.answer({ ok: true, data: 'a late response' });
  }
  expect(actor.getSnapshot().value).toEqual(reached.value);
  expect(actor.getSnapshot().context).toEqual(reached.context);
  actor.stop();
}

describe('request helper paths generated from the statechart', () => {
  it('the shortest paths reach every state of SPEC §4, each with and without data and errors', () => {
    const reached = new Set(shortestPaths.map((path) => traversal.serializeState(path.state)));
    expect(new Set(shortestPaths.map((path) => String(path.state.value)))).toEqual(
      new Set(['idle', 'sending', 'responseReceived', 'error']),
    );
    expect(reached).toEqual(
      new Set([
        '{"value":"idle","data":"none","error":"none"}',
        '{"value":"sending","data":"none","error":"none"}',
        '{"value":"sending","data":"held","error":"none"}',
        '{"value":"sending","data":"none","error":"message"}',
        '{"value":"sending","data":"none","error":"validation failures"}',
        '{"value":"sending","data":"held","error":"message"}',
        '{"value":"sending","data":"held","error":"validation failures"}',
        '{"value":"responseReceived","data":"held","error":"none"}',
        '{"value":"error","data":"none","error":"message"}',
        '{"value":"error","data":"none","error":"validation failures"}',
        '{"value":"error","data":"held","error":"message"}',
        '{"value":"error","data":"held","error":"validation failures"}',
      ]),
    );
  });

  it('there are more simple paths than shortest ones, and each starts with the xstate.init step', () => {
    expect(simplePaths.length).toBeGreaterThan(shortestPaths.length);
    for (const path of simplePaths) expect(path.steps[0].event.type).toBe('xstate.init');
  });

});

describe(requestShortestPaths.suite, () => {
  for (const { name, path } of requestShortestPaths.paths) it(name, () => replay(path));
});

describe(requestSimplePaths.suite, () => {
  for (const { name, path } of requestSimplePaths.paths) it(name, () => replay(path));
});
