import type { Deps } from '../../kernel/deps.ts';
import { pageWindow, type PageQuery } from '../../platform/pagination.ts';
import type { OwnerRequestView } from './owner-onboarding.schemas.ts';
import { ownerRequestsRepository, type OwnerRequestStatus } from './owner-requests.repository.ts';
import { toOwnerRequestView } from './owner-request-view.ts';

/** Applications for support to review: pending first, then newest. Staff only (route guard). */
export async function listOwnerRequests(deps: Deps, query: PageQuery & { status?: OwnerRequestStatus }) {
  const { page, perPage, offset } = pageWindow(query);
  const { rows, total } = await ownerRequestsRepository(deps.db).list({ status: query.status }, perPage, offset);
  const data: OwnerRequestView[] = rows.map((r) => toOwnerRequestView(r.request, r.applicant));
  return { data, meta: { current_page: page, per_page: perPage, total } };
}
