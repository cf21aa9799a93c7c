// The one timer style of the background workers (the payment outbox's, reconciliation's and the notifications'): a pass at start-up, one every
// interval, one on request, never two at once, and a stop that waits for the pass under way so that the database is
// not closed beneath it.

export interface PeriodicPassesOptions {
  /** One pass; true when it left work it could do now (a full page), so another follows at once. */
  pass: (stopping: () => boolean) => Promise<boolean>;
  intervalMs: number;
  /** Where a pass that failed is reported; the next pass tries again. */
  logError: (error: unknown) => void;
}

export interface PeriodicPasses {
  /** A pass now, then one every interval until stopped. */
  start(): void;
  /** A pass as soon as the one under way (if any) ends; resolves once it, and the passes it left work for, have ended. */
  kick(): Promise<void>;
  /** Stops the timer and waits for the pass under way. */
  stop(): Promise<void>;
}

export function periodicPasses({ pass, intervalMs, logError }: PeriodicPassesOptions): PeriodicPasses {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  let stopped = true;
  const stopping = () => stopped;

  function run(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running !== undefined) {
      queued ??= running.then(() => {
        queued = undefined;
        return run();
      });
      return queued;
    }
    running = (async () => {
      let more = false;
      try {
        more = await pass(stopping);
      } catch (error) {
        logError(error);
      }
      running = undefined;
      // The caller that asked for this pass waits for the ones it leads to.
      if (more) await run();
    })();
    return running;
  }

  return {
    start() {
      stopped = false;
      timer = setInterval(() => void run(), intervalMs);
      timer.unref();
      void run();
    },
    kick: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
