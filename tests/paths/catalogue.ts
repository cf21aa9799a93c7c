import type { StatePath } from '@xstate/graph';
import type { AnyMachineSnapshot, EventObject } from 'xstate';

/**
 * One set of generated paths of a statechart, as QA's report (`npm run paths`) lists them and as a test runs them.
 * The test that runs a set names itself from it: in Vitest `describe(set.suite)` with one `it(path.name)` per path
 * (its full name is `${suite} ${name}`), in Playwright `test.describe(set.suite)` with one `test(path.name)` per path.
 * Modules that build a set import only the statechart and @xstate/graph (never Vitest or Playwright), so the report
 * can list the paths without running them.
 */
export type PathSet<TSnapshot extends AnyMachineSnapshot = AnyMachineSnapshot, TEvent extends EventObject = EventObject> = {
  /** The statechart's file, from the repository root, e.g. 'machines/kitchen/kitchenAlertMachine.ts'. */
  machine: string;
  /** Where the set's test runs the paths: the statechart alone, or through the real screens in Chromium. */
  where: 'machine' | 'browser';
  /** The test file that runs the set, from the repository root, e.g. 'tests/machines/basket.paths.test.ts'. */
  testFile: string;
  /** The describe block's title. */
  suite: string;
  paths: Array<NamedPath<TSnapshot, TEvent>>;
};

export type NamedPath<TSnapshot extends AnyMachineSnapshot = AnyMachineSnapshot, TEvent extends EventObject = EventObject> = {
  /** The test's title: the path's events in order, unique within its set. */
  name: string;
  path: StatePath<TSnapshot, TEvent>;
};
