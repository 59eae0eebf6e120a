import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { projects } from './projects';
import { users } from './users';

/**
 * One signed-in browser or client: created by every login, listed under 'Sessions actives',
 * deleted when it is ended (logout, 'Déconnecter', password reset) or once expired.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The client's User-Agent (truncated), shown as a device. */
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    /** Slides forward with activity, never past the session's absolute lifetime. */
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * A login whose password was right but which needs one more proof: a TOTP or recovery code, or
 * a code mailed to the owner after repeated failures. The token is given once, stored hashed.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind', { enum: ['totp', 'email_code'] }).notNull(),
    /** Keyed hash of the mailed code (kind email_code). */
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
);

/** Single-use codes that stand in for the TOTP when the phone is lost; stored hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

export const apiTokenScopes = ['read', 'full'] as const;

/** Personal API tokens: shown once, stored as a keyed hash, revocable, always expiring. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nom: text('nom').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The first characters of the token, so its owner can recognise it in the list. */
    prefix: text('prefix').notNull(),
    scope: text('scope', { enum: apiTokenScopes }).notNull(),
    /** When set, the token sees this project only. */
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    lastUsedAt: timestamptz('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    createdAt: createdAt(),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);
