import { z } from 'zod/mini';
import { databaseUpgradeTexts as t } from '../messages/database-upgrades';

/** PUT /databases/{id}/version: a newer version of the same major (issue 25 item 4). */
export const upgradeDatabaseSchema = z.object({
  version: z
    .string({ error: t.versionRequired })
    .check(z.trim(), z.minLength(1, t.versionRequired), z.maxLength(40, t.versionRequired)),
});
export type UpgradeDatabaseInput = z.infer<typeof upgradeDatabaseSchema>;
