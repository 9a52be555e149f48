import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../kernel/deps.ts';
import { announceListingWrites } from '../../platform/listing-changes.ts';
import { contributeToReadForm } from '../properties/index.ts';
import { loadRulesSection } from './load-rules-section.ts';
import { propertyRulesRoutes } from './property-rules.routes.ts';

/** Pricing rules of a listing: seasons, offers, packages, services, promo codes. */
export async function propertyRulesModule(app: FastifyInstance, opts: { deps: Deps }) {
  // Its writes change listings: each one is announced, so the listing caches forget it.
  announceListingWrites(app, opts.deps.listings);
  // The listing read form's `seasons`, `offers` and `packages` are this module's.
  contributeToReadForm(opts.deps, 'rules', loadRulesSection);
  await app.register(propertyRulesRoutes, opts);
}
