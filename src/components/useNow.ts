import { useRouteContext } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/**
 * The time, renewed every `intervalMs`, for countdowns; `offsetMs` moves it onto the server's clock. Given `startAt`, the
 * first render shows that instant and the device's clock follows once mounted.
 */
export function useNow(intervalMs: number, offsetMs = 0, startAt?: number): Date {
  const [deviceNow, setDeviceNow] = useState(() => startAt ?? Date.now());
  const startsAtAnInstant = startAt !== undefined;
  useEffect(() => {
    if (startsAtAnInstant) setDeviceNow(Date.now());
    const timer = setInterval(() => setDeviceNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, startsAtAnInstant]);
  return new Date(deviceNow + offsetMs);
}

/**
 * The time for what a page says of the clock ("Open now"): first the instant the root route's guard ran, which for a
 * page the server rendered is the server's, dehydrated with the page, so that hydration shows what the server drew;
 * then the device's, renewed every `intervalMs`.
 */
export function usePageNow(intervalMs: number): Date {
  const renderedAt = useRouteContext({ from: '__root__', select: (context) => context.renderedAt });
  return useNow(intervalMs, 0, renderedAt);
}
