// POST /properties (and /properties/new): an owner lists a property, or an admin for an owner.
// Any subset of the 8 steps may be sent; the listing stays a draft until steps 1–6 are complete.
import type { Deps } from '../../kernel/deps.ts';
import { forbidden } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { recordAudit } from '../audit/index.ts';
import { loadReadForm } from './load-read-forms.ts';
import { propertiesRepository, type NewProperty } from './properties.repository.ts';
import type { PropertyFormBody } from './properties.schemas.ts';
import { isStaff } from './property-access.ts';
import { resolveForm } from './property-form.ts';
import type { PropertyReadForm } from './property-read-form.ts';
import { completedSteps, missingRequiredSteps } from './property-steps.ts';

export async function createProperty(deps: Deps, caller: AuthUser, input: PropertyFormBody): Promise<PropertyReadForm> {
  if (caller.role !== 'owner' && caller.role !== 'admin') throw forbidden('Only owners and admins list properties');
  const row = await deps.db.transaction(async (tx) => {
    const form = await resolveForm(deps, tx, caller, input, null);
    const now = deps.clock.now();
    const values: NewProperty = { ownerId: caller.id, ...form.changes, createdAt: now, updatedAt: now };
    const steps = completedSteps(values, [], form.sent);
    values.completedSteps = steps;
    values.status = missingRequiredSteps(steps).length === 0 ? 'active' : 'draft';
    const repo = propertiesRepository(tx);
    const created = await repo.insert(values);
    if (form.commodities?.length) await repo.replaceCommodities(created.id, form.commodities);
    if (isStaff(caller)) {
      await recordAudit(
        tx,
        caller,
        {
          action: 'property.create',
          targetType: 'property',
          targetId: created.id,
          after: { owner_id: created.ownerId, status: created.status },
        },
        now,
      );
    }
    return created;
  });
  return loadReadForm(deps, row, caller);
}
