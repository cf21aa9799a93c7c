import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { withoutPassword } from '../config';

/** One warning a minute at most while Redis does not answer: every request would otherwise log one. */
export const REDIS_WARNING_INTERVAL_MS = 60_000;

/** Before every count's key in Redis (then the route and whose budget it is), apart from anything else kept there. */
export const BUDGET_KEY_PREFIX = 'takeaway-budget:';

// A request waits this long at most for its count before it is served uncounted; connecting waits as long.
const REDIS_TIMEOUT_MS = 500;

/** Where the abuse limits count, as the start banner says it (a Redis URL without its password). */
export function describeBudgetStore(redisUrl: string | undefined): string {
  return redisUrl === undefined ? "in this server's memory" : `shared in Redis at ${withoutPassword(new URL(redisUrl))}`;
}

export interface SharedBudgets {
  /** For @fastify/rate-limit's `store` option: its own Redis store, which reports each failure to count. */
  Store: FastifyRateLimitStoreCtor;
  close(): Promise<void>;
}

/**
 * The abuse limits' counts in Redis (or Valkey), shared by every server that names it. Failing to count serves the request
 * anyway (the plugin's `skipOnError`); that and a lost connection are logged as a warning, once a minute at most, and the
 * return of the connection once.
 */
export async function connectSharedBudgets(redisUrl: string, log: FastifyBaseLogger): Promise<SharedBudgets> {
  const shownUrl = withoutPassword(new URL(redisUrl));
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    // Which server holds which connection, in Redis's CLIENT LIST.
    connectionName: `takeaway-budgets:${hostname()}:${process.pid}`,
    connectTimeout: REDIS_TIMEOUT_MS,
    commandTimeout: REDIS_TIMEOUT_MS,
    // A count is not worth a wait: while disconnected, or when a connection drops under it, it fails at once.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  let lastWarningAt: number | undefined;
  const warn = (error: Error) => {
    const now = Date.now();
    if (lastWarningAt !== undefined && now - lastWarningAt < REDIS_WARNING_INTERVAL_MS) return;
    lastWarningAt = now;
    log.warn(
      { reason: error.message },
      `Redis at ${shownUrl} does not answer: the abuse limits are not enforced until it does (requests are served meanwhile)`,
    );
  };
  redis.on('error', warn);
  redis.on('ready', () => {
    if (lastWarningAt === undefined) return;
    lastWarningAt = undefined;
    log.warn(`Redis at ${shownUrl} answers again: the abuse limits are enforced`);
  });
  try {
    await redis.connect();
  } catch (error) {
    // ioredis goes on trying to connect; the server serves meanwhile, as it does when Redis stops later.
    warn(error as Error);
  }

  const reporting = (store: FastifyRateLimitStore): FastifyRateLimitStore => ({
    incr: (key, callback, timeWindow, max) =>
      store.incr(
        key,
        (error, result) => {
          if (error !== null) warn(error);
          callback(error, result);
        },
        timeWindow,
        max,
      ),
    child: (routeOptions) => reporting(store.child(routeOptions)),
  });
  // The plugin constructs its store with `new`; a constructor may hand back another object, here the reporting wrapper.
  // Each route's child store takes the route's own settings; the budgets use neither continueExceeding nor exponentialBackoff.
  const Store = function () {
    return reporting(new RedisStore(false, false, redis, BUDGET_KEY_PREFIX));
  } as unknown as FastifyRateLimitStoreCtor;

  return {
    Store,
    async close() {
      try {
        if (redis.status === 'ready') await redis.quit();
      } finally {
        redis.disconnect();
      }
    },
  };
}
