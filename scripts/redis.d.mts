// Types for scripts/redis.mjs, which `npm test` and the shared-budget tests import.
export function ensureRedis(): boolean;
export function startRedisServer(options?: { port?: number }): Promise<{ url: string; stop(): Promise<void> }>;
