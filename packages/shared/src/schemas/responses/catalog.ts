/** The catalogue as the deploy wizard reads it: ready-made applications and code templates. */
import { z } from 'zod/mini';

/** A ready-made application, with the defaults the deploy call sends (SPEC §3). */
export const saasCatalogEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  available: z.boolean(),
  /** 'disponible', or 'Arrive bientôt'. */
  status: z.string(),
  image: z.string(),
  tag: z.string(),
  port: z.number(),
  default_resources: z.object({ cpu: z.number(), ram: z.number(), storage: z.number() }),
  helm_version: z.string(),
  helm_values: z.object({
    service: z.object({ type: z.literal('ClusterIP'), port: z.number() }),
  }),
  database_config: z.object({
    engine: z.enum(['postgresql', 'mariadb']),
    database: z.string(),
    user: z.string(),
  }),
});
export type SaasCatalogEntry = z.infer<typeof saasCatalogEntrySchema>;

/** A code template, built from a Git repository (issue 13). */
export const codeCatalogEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  available: z.boolean(),
  status: z.string(),
});
export type CodeCatalogEntry = z.infer<typeof codeCatalogEntrySchema>;

/** GET /buildpack/templates/available. */
export const catalogSchema = z.object({
  saas: z.array(saasCatalogEntrySchema),
  code: z.array(codeCatalogEntrySchema),
});
export type Catalog = z.infer<typeof catalogSchema>;

/** GET /deployments/buildpacks: both lists in one, code templates in the 'Code' category. */
export const buildpacksSchema = z.object({
  buildpacks: z.array(
    z.union([saasCatalogEntrySchema, z.extend(codeCatalogEntrySchema, { category: z.string() })]),
  ),
});
