import { z } from 'zod/mini';
import { databaseEngineIds } from '../database-engines';
import { databaseTexts as t } from '../messages/databases';
import { cpuField, ramField, storageField } from './deployments';

/** The database's name: also its internal host name, so a DNS label. */
export const DATABASE_NAME_PATTERN = /^[a-z][a-z0-9-]{0,38}[a-z0-9]$|^[a-z]$/;

/** A variable a link gives the application (`DATABASE_URL`, `REDIS_URL`, `CACHE_URL`…). */
export const LINK_VARIABLE_PATTERN = /^[A-Z][A-Z0-9_]{0,63}$/;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** POST /environments/{envId}/databases. */
export const createDatabaseSchema = z.object({
  nom: z
    .string({ error: t.nameRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: t.nameRequired, abort: true }),
      z.maxLength(40, { error: t.nameTooLong, abort: true }),
      z.regex(DATABASE_NAME_PATTERN, t.nameInvalid),
    ),
  moteur: z.enum(databaseEngineIds, { error: t.engineRequired }),
  /** One of the operator's versions of the engine; its first when absent. */
  version: z.optional(z.pipe(z.transform(blankToUndefined), z.optional(z.string()))),
  cpu: cpuField,
  ram: ramField,
  storage: storageField,
});
export type CreateDatabaseInput = z.infer<typeof createDatabaseSchema>;
export type CreateDatabaseBody = z.input<typeof createDatabaseSchema>;

/** PUT /databases/{id}/resources: CPU and RAM up or down, storage only up. */
export const resizeDatabaseSchema = z.object({
  cpu: z.optional(cpuField),
  ram: z.optional(ramField),
  storage: z.optional(storageField),
});
export type ResizeDatabaseInput = z.infer<typeof resizeDatabaseSchema>;

/** POST /databases/{id}/links. */
export const linkDatabaseSchema = z.object({
  application_id: z
    .string({ error: t.applicationRequired })
    .check(z.minLength(1, t.applicationRequired)),
  variable: z.optional(
    z.pipe(
      z.transform(blankToUndefined),
      z.optional(z.string().check(z.trim(), z.regex(LINK_VARIABLE_PATTERN, t.variableInvalid))),
    ),
  ),
});
export type LinkDatabaseInput = z.infer<typeof linkDatabaseSchema>;
export type LinkDatabaseBody = z.input<typeof linkDatabaseSchema>;

/** DELETE /databases/{id}: `sauvegarde_finale=true` backs it up first, deleted only on success. */
export const deleteDatabaseQuerySchema = z.object({
  sauvegarde_finale: z.optional(z.enum(['true', 'false'])),
});
