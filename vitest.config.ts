import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/{unit,machines,api,data}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: one file at a time on a 2-core machine. Most files wait on
    // servers, sockets and databases rather than compute, so two at a time overlap the waiting.
    maxWorkers: 2,
  },
});
