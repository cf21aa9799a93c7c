/**
 * A statechart's actor made the first time a screen asks for it, its machine a chunk loaded then rather than part of
 * every first load (issue 31: statecharts created when first needed). `get()` is one promise for the page's life, so a
 * screen can read it with React's `use` (src/screens/payment/usePayment.ts).
 */
export interface LazyActor<Actor> {
  get(): Promise<Actor>;
  /** The actor if it has been made, without making it. */
  made(): Actor | undefined;
  /** Calls `follow` with the actor once it is made, at once if it already is, without making it. */
  whenMade(follow: (actor: Actor) => void): void;
}

export function lazyActor<Actor>(create: () => Promise<Actor>): LazyActor<Actor> {
  let made: Promise<Actor> | undefined;
  let actor: Actor | undefined;
  const followers: ((actor: Actor) => void)[] = [];
  return {
    // The followers hear of the actor before anyone awaiting `get()` does.
    get: () =>
      (made ??= create().then((created) => {
        actor = created;
        for (const follow of followers.splice(0)) follow(created);
        return created;
      })),
    made: () => actor,
    whenMade: (follow) => {
      if (actor === undefined) followers.push(follow);
      else follow(actor);
    },
  };
}
