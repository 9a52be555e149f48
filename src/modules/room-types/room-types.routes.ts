import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../container.ts';

export async function roomTypesRoutes(_app: FastifyInstance, _opts: { deps: Deps }) {}
