// Owner applications (KYC), the staff audit trail, and support-agent assignments.
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { serialId, ts } from './columns.ts';

export const ownerRequests = pgTable(
  'owner_requests',
  {
    id: serialId(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('pending'),
    userType: text('user_type').notNull(),
    companyName: text('company_name'),
    countryRegion: text('country_region').notNull(),
    idType: text('id_type').notNull(),
    idNumber: text('id_number'),
    idExpiryDate: text('id_expiry_date').notNull(),
    placeType: text('place_type').notNull(),
    placeDetails: text('place_details'),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state'),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    latitude: numeric('latitude', { precision: 9, scale: 6 }).notNull(),
    longitude: numeric('longitude', { precision: 9, scale: 6 }).notNull(),
    /** Storage keys and checked content types of the private KYC files. */
    idFrontKey: text('id_front_key'),
    idFrontType: text('id_front_type'),
    idBackKey: text('id_back_key'),
    idBackType: text('id_back_type'),
    companyDocumentKey: text('company_document_key'),
    companyDocumentType: text('company_document_type'),
    missingDocuments: jsonb('missing_documents').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    rejectionReason: text('rejection_reason'),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => users.id),
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One open application per user, enforced by the database under races.
    uniqueIndex('owner_requests_one_pending_uq').on(t.userId).where(sql`status = 'pending'`),
    index('owner_requests_status_created_idx').on(t.status, t.createdAt),
    index('owner_requests_user_idx').on(t.userId),
  ],
);

/** Every support/admin action on a user or an application: who, what, when, before/after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serialId(),
    actorId: bigint('actor_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_actor_idx').on(t.actorId),
  ],
);

/** The support agent looking after a user (assigned to the least-loaded active agent). */
export const supportAssignments = pgTable(
  'support_assignments',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    agentId: bigint('agent_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    assignedAt: ts('assigned_at').notNull().defaultNow(),
  },
  (t) => [index('support_assignments_agent_idx').on(t.agentId)],
);
