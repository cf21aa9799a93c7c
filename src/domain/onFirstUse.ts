/**
 * A value made when it is first asked for. For Intl formatters: the first one a page makes loads the locale's and the
 * time zone's data, tens of milliseconds on a phone, which at a module's top level would lengthen the app's start-up
 * task rather than the first drawing that needs it (docs/benchmarks.md).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
