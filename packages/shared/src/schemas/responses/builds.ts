/**
 * Responses of the code pipeline (issue 13): git tokens, builds, releases, environment
 * variables, the source, the push webhook, and the built-images page.
 */
import { z } from 'zod/mini';
import { releaseTexts } from '../../messages/builds';

export const gitTokenSummarySchema = z.object({
  id: z.string(),
  nom: z.string(),
  created_at: z.string(),
  last_used_at: z.nullable(z.string()),
});
export type GitTokenSummary = z.infer<typeof gitTokenSummarySchema>;
export const gitTokenListSchema = z.array(gitTokenSummarySchema);

export const buildStatusValues = ['queued', 'running', 'success', 'failed', 'cancelled'] as const;
export type BuildStatus = (typeof buildStatusValues)[number];
export const buildTriggerValues = ['deploy', 'redeploy', 'webhook', 'rollback'] as const;
export type BuildTrigger = (typeof buildTriggerValues)[number];

export const buildSummarySchema = z.object({
  build_id: z.string(),
  deployment_id: z.nullable(z.string()),
  application_name: z.string(),
  /** Per application, 1, 2, 3… */
  numero: z.number(),
  status: z.enum(buildStatusValues),
  /** 1 = next to start; null unless queued. */
  queue_position: z.nullable(z.number()),
  trigger: z.enum(buildTriggerValues),
  commit_sha: z.nullable(z.string()),
  commit_message: z.nullable(z.string()),
  branch: z.nullable(z.string()),
  repository_url: z.nullable(z.string()),
  image_url: z.string(),
  image_tag: z.string(),
  created_at: z.string(),
  started_at: z.nullable(z.string()),
  completed_at: z.nullable(z.string()),
  duration_seconds: z.nullable(z.number()),
  error_message: z.nullable(z.string()),
});
export type BuildSummary = z.infer<typeof buildSummarySchema>;

export const buildListSchema = z.object({ builds: z.array(buildSummarySchema), total: z.number() });
export type BuildList = z.infer<typeof buildListSchema>;

/** One line of a build's output, as sent by the SSE stream (`event: log`). */
export const buildLogLineSchema = z.object({ seq: z.number(), line: z.string(), at: z.string() });
export type BuildLogLine = z.infer<typeof buildLogLineSchema>;

/** GET /builds/{id}/logs answers Server-Sent Events (`event: log`, then `event: end`). */
export const buildLogStreamSchema = z.string();

export const buildQueuedSchema = z.object({ build_id: z.string() });

export const releaseConfigurationSummarySchema = z.object({
  cpu: z.number(),
  ram: z.number(),
  replicas: z.number(),
  port: z.number(),
  env_var_names: z.array(z.string()),
});
export type ReleaseConfigurationSummary = z.infer<typeof releaseConfigurationSummarySchema>;

export const releaseSchema = z.object({
  id: z.string(),
  numero: z.number(),
  build_id: z.nullable(z.string()),
  image_url: z.string(),
  image_digest: z.string(),
  commit_sha: z.string(),
  commit_message: z.nullable(z.string()),
  branch: z.string(),
  configuration: releaseConfigurationSummarySchema,
  created_at: z.string(),
  is_current: z.boolean(),
  /** Why this release never served (its replica did not become ready); null otherwise. */
  rollout_error: z.nullable(z.string()),
});
export type Release = z.infer<typeof releaseSchema>;
export const releaseListSchema = z.array(releaseSchema);

/** A code application of the same project and repository, in another environment. */
export const promotionTargetSchema = z.object({
  deployment_id: z.string(),
  nom: z.string(),
  environnement_id: z.string(),
  environnement_nom: z.string(),
  environnement_type: z.string(),
});
export type PromotionTarget = z.infer<typeof promotionTargetSchema>;
export const promotionTargetListSchema = z.array(promotionTargetSchema);

/** POST /deployments/{id}/releases/{releaseId}/promote: the application that receives it. */
export const promoteReleaseSchema = z.object({
  deployment_id: z
    .string({ error: releaseTexts.promotionTargetInvalid })
    .check(
      z.regex(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
        releaseTexts.promotionTargetInvalid,
      ),
    ),
});

export const envVarViewSchema = z.object({
  name: z.string(),
  /** Null for a secret: its value is never returned. */
  value: z.nullable(z.string()),
  secret: z.boolean(),
});
export type EnvVarView = z.infer<typeof envVarViewSchema>;
export const envVarViewListSchema = z.array(envVarViewSchema);

export const webhookProviders = ['github', 'gitlab', 'gitea'] as const;

export const webhookInfoSchema = z.object({
  url: z.string(),
  has_secret: z.boolean(),
  providers: z.array(z.enum(webhookProviders)),
});
export type WebhookInfo = z.infer<typeof webhookInfoSchema>;

/** Shown once, right after it is generated. */
export const webhookSecretSchema = z.object({ url: z.string(), secret: z.string() });
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

/**
 * POST /webhooks/git/{id} (202): the build queued, or why the push was ignored; for a pull
 * request's event (issue 26), the preview it made or changed (first: a union keeps the first
 * member that parses, and the push's would drop `apercu_id`).
 */
export const webhookPushResultSchema = z.union([
  z.object({ apercu_id: z.string(), build_id: z.nullable(z.string()), detail: z.string() }),
  z.object({ build_id: z.string() }),
  z.object({ ignored: z.literal(true), detail: z.string() }),
]);

/** PUT /deployments/{id}/source: the source as stored, and the build it queued (null: none). */
export const codeSourceResultSchema = z.object({
  repository_url: z.string(),
  git_branch: z.string(),
  git_token_id: z.nullable(z.string()),
  build_args: z.record(z.string(), z.string()),
  port: z.nullable(z.number()),
  /** A Compose application: the exposed service its next release serves. */
  service_expose: z.optional(z.string()),
  build_id: z.nullable(z.string()),
});
export type CodeSourceResult = z.infer<typeof codeSourceResultSchema>;

/** Which part of an application an image runs (the engine's app, database and setup task). */
export const imagePartValues = ['application', 'database', 'setup'] as const;
export type ImagePart = (typeof imagePartValues)[number];

/** One row of GET /standalone-builds/images: an image pulled or built, in any project. */
export const builtImageSchema = z.object({
  build_id: z.string(),
  application_name: z.string(),
  status: z.enum(buildStatusValues),
  /** pull: a template's image fetched from its registry; build: built from the user's code. */
  kind: z.enum(['pull', 'build']),
  /** The part of the application it runs; null for a pull recorded before parts were kept. */
  part: z.nullable(z.enum(imagePartValues)),
  /** The commit a code build was made from (null for pulls). */
  commit_sha: z.nullable(z.string()),
  is_standalone: z.boolean(),
  image_url: z.string(),
  image_tag: z.string(),
  /** The runtime that did it: 'simulation' when nothing real happened. */
  runtime: z.string(),
  project: z.object({ id: z.string(), name: z.string() }),
  repository: z.object({ branch: z.nullable(z.string()), url: z.nullable(z.string()) }),
  build_info: z.object({
    created_at: z.string(),
    completed_at: z.nullable(z.string()),
    duration_seconds: z.nullable(z.number()),
  }),
  error_message: z.nullable(z.string()),
});
export type BuiltImage = z.infer<typeof builtImageSchema>;

export const builtImagesResponseSchema = z.object({
  builds: z.array(builtImageSchema),
  /** Over code builds only: a template's image download is not a build. */
  statistics: z.object({
    total_builds: z.number(),
    successful_builds: z.number(),
    failed_builds: z.number(),
    running_builds: z.number(),
    success_rate: z.number(),
  }),
  pagination: z.object({
    total: z.number(),
    limit: z.number(),
    offset: z.number(),
    has_more: z.boolean(),
  }),
});
export type BuiltImagesResponse = z.infer<typeof builtImagesResponseSchema>;
