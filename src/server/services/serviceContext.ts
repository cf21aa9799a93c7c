import type { Repositories } from '../db/repositories';

/** What a use-case needs of the running server: its repositories and its "now" (the Fastify instance is one). */
export interface ServiceContext {
  repositories: Repositories;
  clock: () => Date;
}
