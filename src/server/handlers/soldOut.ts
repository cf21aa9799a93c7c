import { setSoldOut, soldOutNow } from '../services/soldOut';
import type { HandlerMap } from './handlerTypes';
import { whoOf } from './ownerEdits';

// "Sold out today" (docs/back-office.md); the use-cases are services/soldOut.ts.

export const soldOutHandlers: Pick<HandlerMap, 'listSoldOut' | 'setSoldOut'> = {
  async listSoldOut(request) {
    return { data: { soldOut: await soldOutNow(request.server) } };
  },

  async setSoldOut(request) {
    return { data: { soldOut: await setSoldOut(request.server, whoOf(request), request.body) } };
  },
};
