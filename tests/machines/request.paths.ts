import { getShortestPaths, getSimplePaths, type StatePath } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { createRequestMachine, type RequestEvent } from '../../machines/request/requestMachine';
import type { ApiError, ApiResult } from '../../src/domain/apiErrors';
import type { PathSet } from '../paths/catalogue';

const machine = createRequestMachine<string, string>();
export type RequestSnapshot = SnapshotFrom<typeof machine>;

type Answered = { type: 'xstate.done.actor.send'; output: ApiResult<string> };
type Failed = { type: 'xstate.error.actor.send'; error: unknown };
export type ExploredEvent = RequestEvent<string> | Answered | Failed;

const refused: ApiError = { status: 400, message: 'That voucher has expired', validationErrors: [] };
const invalid: ApiError = { status: 400, message: null, validationErrors: [{ field: 'email', message: 'is required' }] };
export const noResponse: ApiError = { message: 'The service is temporarily unavailable', validationErrors: [] };

const exploredEvents: ExploredEvent[] = [
  { type: 'SEND', request: 'GET /menu/getMenu/1' },
  { type: 'RESET' },
  { type: 'xstate.done.actor.send', output: { ok: true, data: 'the menu' } },
  { type: 'xstate.done.actor.send', output: { ok: false, aborted: false, error: refused } },
  { type: 'xstate.done.actor.send', output: { ok: false, aborted: false, error: invalid } },
  { type: 'xstate.done.actor.send', output: { ok: false, aborted: true } },
  { type: 'xstate.error.actor.send', error: new TypeError('fetch failed') },
];

// The graph's types list only the events sent from outside, but the invoked sender's done and
// error events are what move the machine out of `sending`, so they are explored too.
export const traversal = {
  events: exploredEvents as RequestEvent<string>[],
  serializeState: (snapshot: RequestSnapshot) =>
    JSON.stringify({
      value: snapshot.value,
      data: snapshot.context.data === null ? 'none' : 'held',
      error:
        snapshot.context.error === null
          ? 'none'
          : snapshot.context.error.validationErrors.length > 0
            ? 'validation failures'
            : 'message',
    }),
};

export function describePath(path: StatePath<RequestSnapshot, RequestEvent<string>>): string {
  const steps = path.steps.map(({ event }) => {
    const explored = event as ExploredEvent;
    if (explored.type === 'xstate.done.actor.send') {
      const result = explored.output;
      return result.ok ? 'answered' : result.aborted ? 'aborted' : result.error.message === null ? 'invalid' : 'refused';
    }
    if (explored.type === 'xstate.error.actor.send') return 'no response';
    return explored.type;
  });
  return `${steps.join(' → ')} ⇒ ${traversal.serializeState(path.state)}`;
}


const setOf = (suite: string, paths: Array<StatePath<RequestSnapshot, RequestEvent<string>>>): PathSet<RequestSnapshot, RequestEvent<string>> => ({
  machine: 'machines/request/requestMachine.ts',
  where: 'machine',
  testFile: 'tests/machines/requestPaths.test.ts',
  suite,
  paths: paths.map((path) => ({ name: describePath(path), path })),
});

export const requestShortestPaths = setOf('request helper paths generated from the statechart: every shortest path replays on a real actor', getShortestPaths(machine, traversal));
export const requestSimplePaths = setOf('request helper paths generated from the statechart: every simple path replays on a real actor', getSimplePaths(machine, traversal));
