import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/users';

/** Case-insensitive lookup: e-mails are stored lower-cased and indexed on lower(email). */
export const emailEquals = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

export async function findUserByEmail(db: Executor, email: string) {
  const [user] = await db.select().from(users).where(emailEquals(email)).limit(1);
  return user;
}

export type UserRow = typeof users.$inferSelect;
