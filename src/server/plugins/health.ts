import type { FastifyInstance } from 'fastify';
import type { ReadinessCheck } from '../db/readiness';

export interface HealthOptions {
  /** The database's check; `/readyz` is served only with one. */
  readiness: ReadinessCheck | undefined;
}

// Outside /api, so without the identification headers: a load balancer or an orchestrator asks them, not the site.
// Never cached: a cached "ok" would hide the outage it is there to show.
export async function healthRoutes(app: FastifyInstance, { readiness }: HealthOptions): Promise<void> {
  app.get('/healthz', (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  if (readiness === undefined) return;
  app.get('/readyz', async (request, reply) => {
    const answer = await readiness();
    reply.header('cache-control', 'no-store');
    if (answer.ready) return reply.send({ status: 'ok' });
    request.log.warn({ err: answer.cause }, `Not ready: ${answer.reason}`);
    return reply.code(503).send({ status: 'unavailable', reason: answer.reason });
  });
}
