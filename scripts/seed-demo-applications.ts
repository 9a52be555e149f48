// Demo data for `npm run seed:demo`: one applicant per application status, filed and decided
// through the real use cases (so files, profile copies, audit and outbox are as in production).
import type { Deps } from '../src/kernel/deps.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import type { AuthUser } from '../src/kernel/caller.ts';
import { findUserByEmail, findUserById, insertUser, updateAccountAccess } from '../src/modules/users/index.ts';
import { approveOwnerRequest } from '../src/modules/owner-onboarding/approve-owner-request.ts';
import { rejectOwnerRequest } from '../src/modules/owner-onboarding/reject-owner-request.ts';
import { submitOwnerRequest } from '../src/modules/owner-onboarding/submit-owner-request.ts';
import { ownerRequestsRepository } from '../src/modules/owner-onboarding/owner-requests.repository.ts';
import type { BecomeOwnerBody } from '../src/modules/owner-onboarding/owner-onboarding.schemas.ts';
import { SAMPLE_PDF, SAMPLE_PNG } from '../src/modules/owner-onboarding/sample-kyc-files.ts';

interface DemoApplicant {
  outcome: 'pending' | 'approved' | 'rejected';
  username: string;
  email: string;
  password: string;
  first: string;
  last: string;
  form: Partial<BecomeOwnerBody>;
}

const APPLICANTS: DemoApplicant[] = [
  // A company application as the real client sends it: without the company document.
  {
    outcome: 'pending',
    username: 'demo_applicant_pending',
    email: 'applicant.pending@demo.stays.test',
    password: 'demo-pending-pass',
    first: 'Paula',
    last: 'Pending',
    form: { user_type: 'company', company_name: 'Paula Stays SARL' },
  },
  {
    outcome: 'approved',
    username: 'demo_applicant_approved',
    email: 'applicant.approved@demo.stays.test',
    password: 'demo-approved-pass',
    first: 'Andy',
    last: 'Approved',
    form: {},
  },
  {
    outcome: 'rejected',
    username: 'demo_applicant_rejected',
    email: 'applicant.rejected@demo.stays.test',
    password: 'demo-rejected-pass',
    first: 'Rita',
    last: 'Rejected',
    form: {},
  },
];

const file = (data: Buffer, name: string) => ({ file: data, size: data.length, clientName: name });

function demoForm(now: Date, over: Partial<BecomeOwnerBody>): BecomeOwnerBody {
  const expiry = new Date(now.getTime() + 5 * 365 * 86_400_000).toISOString().slice(0, 10);
  return {
    user_type: 'individual',
    country_region: 'Europe',
    id_type: 'identity_card',
    id_number: 'DEMO-0001',
    id_expiry_date: expiry,
    id_reco_path: file(SAMPLE_PNG, 'id-front.png'),
    id_verso_path: file(SAMPLE_PDF, 'id-back.pdf'),
    place_type: 'apartment',
    place_details: 'Demo flat',
    address: '12 Quai Saint-Antoine',
    city: 'Lyon',
    postal_code: '69002',
    country: 'France',
    latitude: 45.7622,
    longitude: 4.8312,
    ...over,
  };
}

/**
 * Creates the demo applicants (or gives existing ones their demo password back) and files and
 * decides their applications once; a re-run leaves existing applications as they are.
 */
export async function seedDemoApplications(
  deps: Deps,
  reviewer: { id: number; role: 'support' | 'admin' },
): Promise<string[][]> {
  const now = deps.clock.now();
  const actor: AuthUser = {
    id: reviewer.id,
    role: reviewer.role,
    sessionId: 'seed-demo',
    loginType: reviewer.role,
    sessionCreatedAt: now,
    jti: 'seed-demo',
  };
  const rows: string[][] = [];
  for (const a of APPLICANTS) {
    const passwordHash = await hashPassword(a.password);
    const existing = await findUserByEmail(deps.db, a.email);
    const user = existing
      ? (await updateAccountAccess(deps.db, existing.id, { passwordHash, isActive: true }, now))!
      : await insertUser(deps.db, {
          username: a.username,
          email: a.email,
          passwordHash,
          role: 'client',
          firstName: a.first,
          lastName: a.last,
          emailVerifiedAt: now,
          createdAt: now,
          updatedAt: now,
        });
    if (!(await ownerRequestsRepository(deps.db).findLatestByUser(user.id))) {
      const filed = await submitOwnerRequest(deps, user, demoForm(now, a.form));
      if (a.outcome === 'approved') await approveOwnerRequest(deps, actor, { requestId: filed.id });
      if (a.outcome === 'rejected')
        await rejectOwnerRequest(
          deps,
          actor,
          { requestId: filed.id },
          'The ID photo is unreadable; please send a sharper scan.',
        );
    }
    const latest = (await ownerRequestsRepository(deps.db).findLatestByUser(user.id))!;
    const missing = latest.missingDocuments.length ? ` (missing: ${latest.missingDocuments.join(', ')})` : '';
    rows.push([
      `${latest.status}${missing}`,
      a.email,
      a.password,
      (await findUserById(deps.db, user.id))!.role,
      `#${latest.id}`,
    ]);
  }
  // Publish the events now: the seed closes the database right after.
  await deps.outbox.kick();
  return rows;
}
