import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { callApi } from '../../api/client';
import type { components } from '../../api/schema.gen';

export type KitchenPrinters = components['responses']['KitchenPrintersAnswer']['content']['application/json']['data'];

/** How often the kitchen asks after its printers: often enough that "offline" shows within a few seconds. */
const PRINTERS_POLL_MS = 5_000;

/** The printers' states (and the loopback printer's tickets), read now and every few seconds; undefined until the first answer. */
export function usePrinterStates(): KitchenPrinters | undefined {
  const api = useRouteContext({ from: rootRouteId, select: (context) => context.api });
  const [printers, setPrinters] = useState<KitchenPrinters | undefined>(undefined);
  useEffect(() => {
    let stopped = false;
    const read = async () => {
      const answer = await callApi(api.GET('/kitchen/printers'));
      // A failed read keeps the last answer: the orders' own poll says when the connection is lost.
      if (!stopped && answer.ok) setPrinters(answer.data);
    };
    void read();
    const timer = setInterval(() => void read(), PRINTERS_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [api]);
  return printers;
}
