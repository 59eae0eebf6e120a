import { z } from 'zod/mini';
import { environmentTypes } from '../environments';
import { resourceAmountsSchema } from './common';
import { environmentPreviewSchema } from './previews';

export const environmentStatusValues = ['pending', 'active', 'failed', 'deleting'] as const;
export type EnvironmentStatusValue = (typeof environmentStatusValues)[number];

export const environmentStatusSchema = z.object({
  status: z.enum(environmentStatusValues),
  message: z.nullable(z.string()),
  gitlab_config: z.object({ created: z.boolean() }),
});
export type EnvironmentStatus = z.infer<typeof environmentStatusSchema>;

export const environmentResponseSchema = z.object({
  id: z.string(),
  nom: z.string(),
  type: z.enum(environmentTypes),
  projet_id: z.string(),
  namespace_k8s_id: z.string(),
  nom_dossier_git: z.string(),
  date_creation: z.string(),
  status: environmentStatusSchema,
  applications_count: z.number(),
  /** Set when the environment is a pull request's preview (issue 26). */
  apercu: z.nullable(environmentPreviewSchema),
});
export type Environment = z.infer<typeof environmentResponseSchema>;

export const environmentConfigSchema = z.object({
  environment_id: z.string(),
  namespace: z.string(),
  runtime: z.string(),
  manifests_path: z.string(),
  resource_quota: resourceAmountsSchema,
  labels: z.record(z.string(), z.string()),
});
export type EnvironmentConfig = z.infer<typeof environmentConfigSchema>;

export const environmentListSchema = z.array(environmentResponseSchema);
