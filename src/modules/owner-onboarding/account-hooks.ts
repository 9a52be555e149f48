// Owner onboarding's part of the users module's account use cases (users/account-hooks.ts): the
// application status that locks the KYC identity members and shows in the account statistics,
// and the erasure of the applications' personal data when the account is deleted.
import type { Deps } from '../../kernel/deps.ts';
import { provideAccountHooks } from '../users/index.ts';
import { latestOwnerRequestStatus } from './get-owner-request-status.ts';
import { ownerRequestsRepository } from './owner-requests.repository.ts';

export function provideOwnerRequestAccountHooks(deps: Deps): void {
  provideAccountHooks(deps, 'ownerRequests', {
    latestStatus: latestOwnerRequestStatus,
    eraseForUser: (db, userId, now) => ownerRequestsRepository(db).anonymiseForUser(userId, now),
  });
}
