import { defineConfig } from 'vitest/config';

// Test files that install a double of a browser global before the module they test first reads it (Capacitor's core
// reads the native shell's bridge once): each needs modules of its own.
const OWN_MODULES = ['tests/unit/nativePush.test.ts', 'tests/unit/nativeDeepLinks.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: one file at a time on a 2-core machine. Most files wait on
    // servers, sockets and databases rather than compute, so two at a time overlap the waiting.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // The other files share each worker's modules: importing the server, Kysely and the statecharts again for
        // each of 150 files was 40 % of the run's CPU on 2 cores (Vitest's whole run, 314 s → 205 s).
        test: { name: 'shared-modules', include: ['tests/{unit,machines,api,data}/**/*.test.{ts,tsx}'], exclude: OWN_MODULES, isolate: false },
      },
      { extends: true, test: { name: 'own-modules', include: OWN_MODULES, isolate: true } },
    ],
  },
});
