import { useEffect, useState } from 'react';

/** The time, renewed every `intervalMs`, for countdowns; `offsetMs` moves it onto the server's clock. */
export function useNow(intervalMs: number, offsetMs = 0): Date {
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setDeviceNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return new Date(deviceNow + offsetMs);
}
