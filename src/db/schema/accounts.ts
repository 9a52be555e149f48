// Accounts, sessions and the one-time secrets (codes and link tokens) that authentication uses.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, ts } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: serialId(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role').notNull().default('client'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    job: text('job'),
    location: text('location'),
    phone: text('phone'),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    emailVerifiedAt: ts('email_verified_at'),
    avatar: text('avatar'),
    isActive: boolean('is_active').notNull().default(true),
    lastLogin: ts('last_login'),
    /** When the user's last real-time connection closed (presence for conversation summaries). */
    lastSeenAt: ts('last_seen_at'),
    timeZone: text('time_zone'),
    /** The language of the user's e-mails ('en' | 'fr'): from Accept-Language at registration, then the profile. */
    locale: text('locale').notNull().default('en'),
    // KYC and owner members of the flat profile (filled by owner onboarding).
    userType: text('user_type'),
    companyName: text('company_name'),
    countryRegion: text('country_region'),
    idType: text('id_type'),
    idNumber: text('id_number'),
    idExpiryDate: text('id_expiry_date'),
    idPhotoPath: text('id_photo_path'),
    placeType: text('place_type'),
    placeDetails: text('place_details'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    country: text('country'),
    latitude: text('latitude'),
    longitude: text('longitude'),
    wantsOwnerRole: boolean('wants_owner_role').notNull().default(false),
    /** The processor's connected account of an owner (Stripe Connect acct_…), where payouts go. */
    payoutAccountId: text('payout_account_id'),
    googleSub: text('google_sub'),
    facebookId: text('facebook_id'),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_google_sub_uq').on(t.googleSub),
    uniqueIndex('users_facebook_id_uq').on(t.facebookId),
    index('users_role_idx').on(t.role),
  ],
);

/** A login session; every access token names one, and revoking it refuses the token at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    loginType: text('login_type').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Each access token can be exchanged once; the row remembers when, to spot a replayed token. */
export const tokenRefreshes = pgTable('token_refreshes', {
  jti: text('jti').primaryKey(),
  sessionId: text('session_id')
    .notNull()
    .references(() => sessions.id),
  refreshedAt: ts('refreshed_at').notNull(),
});

/**
 * Short codes (e-mail verification, password reset) and link tokens (reset token, initial
 * password): only a keyed hash is stored; each has a life, an attempt budget and one use.
 */
export const oneTimeSecrets = pgTable(
  'one_time_secrets',
  {
    id: serialId(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').notNull(),
    secretHash: text('secret_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('one_time_secrets_user_purpose_idx').on(t.userId, t.purpose),
    index('one_time_secrets_hash_idx').on(t.secretHash),
  ],
);

/**
 * An e-mail change the old address may undo for a while (contract §3b): the address it replaced,
 * whether that one was verified, and a keyed hash of the single-use link token mailed to it.
 * While live, the old address is held: no other account may take it, so the undo can give it back.
 */
export const emailChangeUndos = pgTable(
  'email_change_undos',
  {
    id: serialId(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    oldEmail: text('old_email').notNull(),
    oldEmailVerifiedAt: ts('old_email_verified_at'),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('email_change_undos_token_uq').on(t.tokenHash),
    index('email_change_undos_old_email_idx').on(sql`lower(${t.oldEmail})`),
    index('email_change_undos_user_idx').on(t.userId),
  ],
);
