/**
 * The restaurant's core data, fetched once and shared (SPEC §7: made only if not held). Concurrent
 * callers share one request; a failed request is forgotten so that the next navigation tries again.
 */
export interface CoreDataCache<TData> {
  current(): TData | undefined;
  load(): Promise<TData>;
}

/** `startWith` is core data the site's HTML brought (src/domain/bootData.ts): held from the start, so never fetched. */
export function createCoreDataCache<TData>(fetchCoreData: () => Promise<TData>, startWith?: TData): CoreDataCache<TData> {
  let held: TData | undefined = startWith;
  let inFlight: Promise<TData> | undefined;
  return {
    current: () => held,
    load() {
      if (held !== undefined) return Promise.resolve(held);
      inFlight ??= fetchCoreData().then(
        (data) => {
          held = data;
          inFlight = undefined;
          return data;
        },
        (error: unknown) => {
          inFlight = undefined;
          throw error;
        },
      );
      return inFlight;
    },
  };
}
