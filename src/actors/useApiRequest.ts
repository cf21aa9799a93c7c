import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { requestMachineWithSender, type RequestSender } from '../../machines/request/requestMachine';
import type { ApiError } from '../domain/apiErrors';

export type ApiRequestState = 'idle' | 'sending' | 'responseReceived' | 'error';

export type ApiRequest<TRequest, TData> = {
  state: ApiRequestState;
  busy: boolean;
  data: TData | null;
  error: ApiError | null;
  send(request: TRequest): void;
  reset(): void;
};

/**
 * A screen's call through the request helper statechart. The actor stops when the screen
 * unmounts, which aborts a call in flight and drops its late response (SPEC §4).
 */
export function useApiRequest<TRequest, TData>(sender: RequestSender<TRequest, TData>): ApiRequest<TRequest, TData> {
  // The machine is made once; it reads the newest sender so that a re-render's closure is used.
  const latestSender = useRef(sender);
  useEffect(() => {
    latestSender.current = sender;
  });
  const [machine] = useState(() =>
    requestMachineWithSender<TRequest, TData>((request, signal) => latestSender.current(request, signal)),
  );
  const actorRef = useActorRef(machine);
  const state = useSelector(actorRef, (snapshot) => snapshot.value);
  const busy = useSelector(actorRef, (snapshot) => snapshot.hasTag('busy'));
  const data = useSelector(actorRef, (snapshot) => snapshot.context.data);
  const error = useSelector(actorRef, (snapshot) => snapshot.context.error);
  const send = useCallback((request: TRequest) => actorRef.send({ type: 'SEND', request }), [actorRef]);
  const reset = useCallback(() => actorRef.send({ type: 'RESET' }), [actorRef]);
  return { state, busy, data, error, send, reset };
}
