// The write path shared by the wizard (POST /properties/{id}) and PUT /properties/{id}: form
// fields → columns, completed steps, the status they lead to, amenities, audit — inside the
// caller's transaction, on a row it has locked.
import type { Deps } from '../../kernel/deps.ts';
import type { Tx } from '../../db/connection.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { recordAudit } from '../audit/index.ts';
import { propertiesRepository, type PropertyChanges, type PropertyRow } from './properties.repository.ts';
import type { PropertyFormBody } from './properties.schemas.ts';
import { isStaff } from './property-access.ts';
import { resolveForm } from './property-form.ts';
import { completedSteps, missingRequiredSteps } from './property-steps.ts';

export interface StateRequest {
  status?: 'active' | 'inactive';
  visibility?: number;
  recommended?: number;
}

/**
 * The status after the change. A draft turns active by itself once steps 1–6 are complete
 * (or inactive, when the same request asks for it); active ↔ inactive on request; a draft
 * cannot be made active or inactive before it is complete (409).
 */
export function nextStatus(
  current: string,
  complete: boolean,
  missing: number[],
  requested?: 'active' | 'inactive',
): string {
  if (!requested) return current === 'draft' && complete ? 'active' : current;
  if (!complete)
    throw new AppError('CONFLICT', `The listing is still a draft: complete step(s) ${missing.join(', ')} first`);
  return requested;
}

// The audit trail keeps what changed, never the Wi-Fi password.
function auditDiff(current: PropertyRow, changes: PropertyChanges) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (key === 'updatedAt' || key === 'completedSteps') continue;
    const old = current[key as keyof PropertyRow];
    if (JSON.stringify(old) === JSON.stringify(value)) continue;
    const secret = key === 'wifiInformations';
    before[key] = secret ? '[hidden]' : old;
    after[key] = secret ? '[hidden]' : value;
  }
  return { before, after };
}

export async function applyPropertyChanges(
  deps: Deps,
  tx: Tx,
  caller: AuthUser,
  change: { current: PropertyRow; input: PropertyFormBody; state?: StateRequest },
): Promise<PropertyRow> {
  const { current, input, state = {} } = change;
  const repo = propertiesRepository(tx);
  const form = await resolveForm(deps, tx, caller, input, current);
  const merged = { ...current, ...form.changes };
  const steps = completedSteps(merged, current.completedSteps, form.sent);
  const missing = missingRequiredSteps(steps);
  const changes: PropertyChanges = {
    ...form.changes,
    completedSteps: steps,
    status: nextStatus(current.status, missing.length === 0, missing, state.status),
    updatedAt: deps.clock.now(),
  };
  if (state.visibility !== undefined) changes.visibility = state.visibility === 1;
  if (state.recommended !== undefined) changes.recommended = state.recommended === 1;
  const row = await repo.update(current.id, changes);
  if (form.commodities) await repo.replaceCommodities(current.id, form.commodities);
  // Rate plans are priced in the listing's currency; they follow a change of it.
  if (changes.currencyCode && changes.currencyCode !== current.currencyCode)
    await repo.setRatePlansCurrency(current.id, changes.currencyCode);
  if (isStaff(caller)) {
    const diff = auditDiff(current, changes);
    if (form.commodities) diff.after.commodities = form.commodities;
    await recordAudit(
      tx,
      caller,
      { action: 'property.update', targetType: 'property', targetId: current.id, ...diff },
      deps.clock.now(),
    );
  }
  return row;
}
