import { connectionString } from '@nuage/shared/database-engines';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { databaseLinks } from '../../db/schema/database-links';
import { deployments } from '../../db/schema/deployments';
import { unsealSecrets } from './sealed-secrets';
import { databaseSettingsOf } from './database-settings';

/** A linked database's connection string, as a secret variable of the application. */
export interface LinkedVariable {
  name: string;
  secret: true;
  value: string;
}

export type LinkedDatabasesLookup = (applicationId: string) => Promise<LinkedVariable[]>;

/**
 * The variables an application's links give it (issue 25): one connection string per linked
 * database of its environment, with the database's current password, so a regenerated
 * password reaches the application at its next apply.
 */
export function linkedDatabasesLookup(db: Executor, secretsKey: Buffer): LinkedDatabasesLookup {
  return async (applicationId) => {
    const rows = await db
      .select({
        variable: databaseLinks.variable,
        settings: deployments.settings,
        secretsSealed: deployments.secretsSealed,
      })
      .from(databaseLinks)
      .innerJoin(deployments, eq(deployments.id, databaseLinks.databaseId))
      .where(
        and(
          eq(databaseLinks.applicationId, applicationId),
          eq(deployments.desiredState, 'present'),
        ),
      )
      .orderBy(databaseLinks.variable);
    return rows.map((r) => {
      const s = databaseSettingsOf(r.settings);
      return {
        name: r.variable,
        secret: true as const,
        value: connectionString({
          engine: s.engine,
          host: s.host,
          password: unsealSecrets(secretsKey, r.secretsSealed).dbPassword,
        }),
      };
    });
  };
}

/** The user's variables with the links' (a link's name wins over a variable of the same name). */
export function withLinkedVariables<T extends { name: string }>(
  vars: T[],
  linked: LinkedVariable[],
): (T | LinkedVariable)[] {
  const names = new Set(linked.map((v) => v.name));
  return [...vars.filter((v) => !names.has(v.name)), ...linked];
}
