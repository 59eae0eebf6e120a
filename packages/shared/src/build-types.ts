/**
 * Responses of the code pipeline (issue 13): git tokens, builds, releases, environment
 * variables and the push webhook. The HTTP contract is /work/notes/issue-13-api.md.
 */

export interface GitTokenSummary {
  id: string;
  nom: string;
  created_at: string;
  last_used_at: string | null;
}

export const buildStatusValues = ['queued', 'running', 'success', 'failed', 'cancelled'] as const;
export type BuildStatus = (typeof buildStatusValues)[number];
export type BuildTrigger = 'deploy' | 'redeploy' | 'webhook' | 'rollback';

export interface BuildSummary {
  build_id: string;
  deployment_id: string | null;
  application_name: string;
  /** Per application, 1, 2, 3… */
  numero: number;
  status: BuildStatus;
  /** 1 = next to start; null unless queued. */
  queue_position: number | null;
  trigger: BuildTrigger;
  commit_sha: string | null;
  commit_message: string | null;
  branch: string | null;
  repository_url: string | null;
  image_url: string;
  image_tag: string;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  duration_seconds: number | null;
  error_message: string | null;
}

export interface BuildList {
  builds: BuildSummary[];
  total: number;
}

/** One line of a build's output, as sent by the SSE stream (`event: log`). */
export interface BuildLogLine {
  seq: number;
  line: string;
  at: string;
}

export interface ReleaseConfigurationSummary {
  cpu: number;
  ram: number;
  replicas: number;
  port: number;
  env_var_names: string[];
}

export interface Release {
  id: string;
  numero: number;
  build_id: string | null;
  image_url: string;
  image_digest: string;
  commit_sha: string;
  commit_message: string | null;
  branch: string;
  configuration: ReleaseConfigurationSummary;
  created_at: string;
  is_current: boolean;
  /** Why this release never served (its replica did not become ready); null otherwise. */
  rollout_error: string | null;
}

export interface EnvVarView {
  name: string;
  /** Null for a secret: its value is never returned. */
  value: string | null;
  secret: boolean;
}

export const webhookProviders = ['github', 'gitlab', 'gitea'] as const;

export interface WebhookInfo {
  url: string;
  has_secret: boolean;
  providers: (typeof webhookProviders)[number][];
}

/** Shown once, right after it is generated. */
export interface WebhookSecret {
  url: string;
  secret: string;
}

export const buildTexts = {
  cancelRequested: 'Annulation demandée.',
  rollbackNotice: 'Les bases de données et les volumes ne sont pas restaurés.',
  badSignature: 'Signature du webhook invalide.',
} as const;
