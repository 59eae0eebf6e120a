import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; the unique index makes uniqueness case-insensitive regardless. */
    email: text('email').notNull(),
    nom: text('nom').notNull(),
    prenom: text('prenom').notNull(),
    passwordHash: text('password_hash').notNull(),
    verifiedAt: timestamptz('verified_at'),
    /** TOTP second factor: the secret (AES-GCM sealed) once enrolment is confirmed. */
    totpSecret: text('totp_secret'),
    /** A secret being enrolled: it becomes `totpSecret` once a code from it is entered. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamptz('totp_enabled_at'),
    /** The last 30-second step a code was accepted for: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * A new address waiting for its code: the login e-mail only changes once the new mailbox
     * has proved it receives mail (invitations and memberships are matched by e-mail).
     */
    pendingEmail: text('pending_email'),
    pendingEmailCodeHash: text('pending_email_code_hash'),
    pendingEmailExpiresAt: timestamptz('pending_email_expires_at'),
    pendingEmailAttempts: integer('pending_email_attempts').notNull().default(0),
    /** The public plan of SPEC §9 (plans.ts): it caps the projects the account may own. */
    plan: text('plan', { enum: ['decouverte', 'pro', 'enterprise'] })
      .notNull()
      .default('decouverte'),
    /** When the plan last changed: this month's bill counts the plan from then. */
    planSince: timestamptz('plan_since').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

/** The personal client folder created when an account is verified (SPEC §1). */
export const clientFolders = pgTable('client_folders', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  nom: text('nom').notNull(),
  createdAt: createdAt(),
});

/** One live e-mail verification code per account; replaced on resend. */
export const verificationCodes = pgTable('verification_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  createdAt: createdAt(),
});

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Timestamps of rate-limited actions (failed logins, reset requests…), kept in the database
 * so every API process sees the same counts. `subject` is an HMAC of the e-mail or address.
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: text('bucket').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_events_lookup_idx').on(t.bucket, t.subject, t.createdAt)],
);
