/**
 * A statechart's actor made the first time a screen asks for it, its machine a chunk loaded then rather than part of
 * every first load (issue 31: statecharts created when first needed). `get()` is one promise for the page's life, so a
 * screen can read it with React's `use` (src/screens/payment/usePayment.ts).
 */
export interface LazyActor<Actor> {
  get(): Promise<Actor>;
}

export function lazyActor<Actor>(create: () => Promise<Actor>): LazyActor<Actor> {
  let made: Promise<Actor> | undefined;
  return { get: () => (made ??= create()) };
}
