import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { noResponseError, type ApiError, type ApiResult } from '../../src/domain/apiErrors';

/**
 * Makes one call. The signal aborts when the machine leaves `sending` (RESET, or the actor
 * stops because its screen has gone), so a sender should hand it to the API client.
 */
export type RequestSender<TRequest, TData> = (request: TRequest, signal: AbortSignal) => Promise<ApiResult<TData>>;

export type RequestContext<TData> = {
  data: TData | null;
  error: ApiError | null;
};

export type RequestEvent<TRequest> = { type: 'SEND'; request: TRequest } | { type: 'RESET' };

/** The request helper of SPEC §4: idle, sending, responseReceived, error, and RESET back to idle. */
export function createRequestMachine<TRequest, TData>() {
  return setup({
    types: {
      context: {} as RequestContext<TData>,
      events: {} as RequestEvent<TRequest>,
    },
    actors: {
      send: fromPromise<ApiResult<TData>, { request: TRequest }>(() =>
        Promise.reject(new Error('The request machine needs a sender: give one with requestMachineWithSender')),
      ),
    },
    actions: {
      forgetEverything: assign({ data: null, error: null }),
    },
  }).createMachine({
    id: 'request',
    context: { data: null, error: null },
    initial: 'idle',
    on: {
      RESET: { target: '.idle', actions: 'forgetEverything' },
    },
    states: {
      idle: {
        on: { SEND: 'sending' },
      },
      sending: {
        tags: ['busy'],
        // A second SEND while one is in flight is ignored, so a double tap cannot send twice.
        invoke: {
          id: 'send',
          src: 'send',
          input: ({ event }) => {
            assertEvent(event, 'SEND');
            return { request: event.request };
          },
          onDone: [
            {
              guard: ({ event }) => event.output.ok,
              target: 'responseReceived',
              actions: assign({
                data: ({ event }) => (event.output.ok ? event.output.data : null),
                error: null,
              }),
            },
            {
              guard: ({ event }) => !event.output.ok && !event.output.aborted,
              target: 'error',
              actions: assign({
                error: ({ event }) => (!event.output.ok && !event.output.aborted ? event.output.error : null),
              }),
            },
            // Aborted through a signal other than the machine's: the requester gave up, as with RESET.
            { target: 'idle', actions: 'forgetEverything' },
          ],
          // A sender only rejects when no response could be read.
          onError: {
            target: 'error',
            actions: assign({ error: () => noResponseError() }),
          },
        },
      },
      responseReceived: {
        on: { SEND: 'sending' },
      },
      error: {
        on: { SEND: 'sending' },
      },
    },
  });
}

export type RequestMachine<TRequest, TData> = ReturnType<typeof createRequestMachine<TRequest, TData>>;

export function requestMachineWithSender<TRequest, TData>(
  sender: RequestSender<TRequest, TData>,
): RequestMachine<TRequest, TData> {
  return createRequestMachine<TRequest, TData>().provide({
    actors: {
      send: fromPromise<ApiResult<TData>, { request: TRequest }>(({ input, signal }) => sender(input.request, signal)),
    },
  });
}
