// @fastify/rate-limit builds its Redis store itself from the `redis` option and exports no type for it; sharedBudgets.ts
// wraps it to learn when Redis fails (the plugin's `skipOnError` swallows that silently).
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';

  const RedisStore: new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, nameSpace?: string) => FastifyRateLimitStore;
  export default RedisStore;
}
