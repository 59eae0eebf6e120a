import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  passwordResetTokens,
  rateLimitEvents,
  users,
  verificationCodes,
} from '../../src/db/schema/users';
import type { TestApp } from './test-app';

/**
 * Time travel through the database: rows are moved into the past instead of waiting, so expiry
 * and rate-limit windows are tested as a caller would live them, minutes or days later.
 */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

const earlier = (column: PgColumn, ms: number): SQL =>
  sql`${column} - ${`${Math.round(ms)} milliseconds`}::interval`;

/** Every rate-limit event (or those of one bucket) now happened `ms` earlier. */
export async function ageRateLimitEvents(t: TestApp, ms: number, bucket?: string) {
  const update = t.database.db
    .update(rateLimitEvents)
    .set({ createdAt: earlier(rateLimitEvents.createdAt, ms) });
  await (bucket ? update.where(eq(rateLimitEvents.bucket, bucket)) : update);
}

/** The pending verification code of `userId` was mailed `ms` earlier. */
export async function ageVerificationCode(t: TestApp, userId: string, ms: number) {
  await t.database.db
    .update(verificationCodes)
    .set({
      createdAt: earlier(verificationCodes.createdAt, ms),
      expiresAt: earlier(verificationCodes.expiresAt, ms),
    })
    .where(eq(verificationCodes.userId, userId));
}

/** Every reset link of `userId` was mailed `ms` earlier. */
export async function ageResetLinks(t: TestApp, userId: string, ms: number) {
  await t.database.db
    .update(passwordResetTokens)
    .set({
      createdAt: earlier(passwordResetTokens.createdAt, ms),
      expiresAt: earlier(passwordResetTokens.expiresAt, ms),
    })
    .where(eq(passwordResetTokens.userId, userId));
}

/** The users row of an e-mail, read straight from the database (case-insensitive). */
export async function userRow(t: TestApp, email: string) {
  const [row] = await t.database.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
}

/**
 * Invitations sent so far happened a day ago: fixtures that build many memberships with one
 * admin stay under the per-project and per-inviter limits (tested on their own).
 */
export async function ageInvitationLimits(t: TestApp) {
  await ageRateLimitEvents(t, DAY + 1000, 'invitation-project');
  await ageRateLimitEvents(t, DAY + 1000, 'invitation-inviter');
}
