import * as acme from 'acme-client';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { acmeAccounts } from '../../../db/schema/certificates';
import { decryptSecret, encryptSecret } from '../../../lib/crypto';

export interface AcmeAccount {
  id: string;
  accountKey: string;
  accountUrl: string | null;
}

/**
 * One ACME account per directory and e-mail, its key sealed in the database so every API process
 * (and every renewal) reuses it: authorities rate-limit new accounts.
 */
export async function acmeAccount(
  db: Database,
  secretsKey: Buffer,
  directoryUrl: string,
  email: string,
): Promise<AcmeAccount> {
  const read = async () => {
    const [row] = await db
      .select()
      .from(acmeAccounts)
      .where(and(eq(acmeAccounts.directoryUrl, directoryUrl), eq(acmeAccounts.email, email)));
    return (
      row && {
        id: row.id,
        accountKey: decryptSecret(secretsKey, row.accountKeySealed),
        accountUrl: row.accountUrl,
      }
    );
  };
  const existing = await read();
  if (existing) return existing;
  const key = (await acme.crypto.createPrivateEcdsaKey()).toString();
  // Two processes may create it at once: the unique key keeps one, both use that one.
  await db
    .insert(acmeAccounts)
    .values({ directoryUrl, email, accountKeySealed: encryptSecret(secretsKey, key) })
    .onConflictDoNothing();
  return (await read())!;
}

export async function saveAccountUrl(db: Database, id: string, accountUrl: string): Promise<void> {
  await db.update(acmeAccounts).set({ accountUrl }).where(eq(acmeAccounts.id, id));
}
