import { busyMessage, type BusyMode } from '../../domain/busyMode';
import { currentBusyMode, setBusyMode } from '../services/busyMode';
import type { HandlerMap } from './handlerTypes';
import { whoOf } from './ownerEdits';

// Busy mode (docs/back-office.md, "Busy mode"); the use-cases are services/busyMode.ts.

const answerOf = ({ busy, now }: { busy: BusyMode; now: Date }) => {
  const message = busyMessage(busy, now);
  return { data: { busyMode: busy, ...(message === undefined ? {} : { message }) } };
};

export const busyModeHandlers: Pick<HandlerMap, 'getBusyMode' | 'setBusyMode'> = {
  async getBusyMode(request) {
    return answerOf(await currentBusyMode(request.server));
  },

  async setBusyMode(request) {
    return answerOf(await setBusyMode(request.server, whoOf(request), request.body));
  },
};
