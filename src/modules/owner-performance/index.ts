import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { ownerPerformanceRoutes } from './owner-performance.routes.ts';

/** Owner performance: occupancy, ADR, RevPAR, revenue per listing and month, from stays and the calendar. */
export async function ownerPerformanceModule(app: FastifyInstance, opts: { deps: Deps }) {
  await app.register(ownerPerformanceRoutes, opts);
}
