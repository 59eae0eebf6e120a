import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { certificates } from './certificates';
import { createdAt, timestamptz } from './columns';
import { environments } from './environments';
import { gitTokens } from './git-tokens';
import { projects } from './projects';
import { users } from './users';

export const deploymentStatuses = [
  'PENDING',
  'DEPLOYING',
  'RUNNING',
  'FAILED',
  'DELETING',
] as const;
export type DeploymentStatus = (typeof deploymentStatuses)[number];

export interface PodState {
  name: string;
  status: string;
  ready: boolean;
  restarts: number;
}

/** A user environment variable of a code application; a secret's value is sealed (AES-256-GCM). */
export type StoredEnvVar =
  { name: string; secret: false; value: string } | { name: string; secret: true; sealed: string };

export interface DeploymentEvent {
  at: string;
  message: string;
}

/**
 * An application: its desired state (written by the API) and its observed state (written by
 * the reconciler). `generation` counts changes to the desired state; the reconciler records
 * the one it applied in `observedGeneration`, so "is there work?" is a comparison.
 */
export const deployments = pgTable(
  'deployments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    nom: text('nom').notNull(),
    /** Base name of its runtime objects, fixed at creation (renaming the application keeps it). */
    runtimeName: text('runtime_name')
      .notNull()
      .default(sql`'app-' || substr(md5(random()::text), 1, 10)`),
    /**
     * `<app>-<env>-<project>`, fixed at creation, unique among existing applications: the
     * application's hostname under APPS_DOMAIN (engine/hostnames.ts).
     */
    hostLabel: text('host_label').notNull(),
    /** 'ERP' (ready-made application) or 'CODE' (user code, announced). */
    category: text('category', { enum: ['ERP', 'CODE'] }).notNull(),
    /** Catalogue template: wordpress, odoo, joomla, drupal, nextcloud, matomo… */
    template: text('template').notNull(),
    imageRegistryUrl: text('image_registry_url').notNull(),
    imageTag: text('image_tag').notNull(),
    /**
     * A built release's registry digest (code applications): Kubernetes runs the image by it,
     * so a tag pushed again never changes what a release runs. Null for catalogue images.
     */
    imageDigest: text('image_digest'),
    helmChartVersion: text('helm_chart_version').notNull().default('1.0.0'),
    cpuMilli: integer('cpu_milli').notNull(),
    ramMb: integer('ram_mb').notNull(),
    storageMb: integer('storage_mb').notNull(),
    replicas: integer('replicas').notNull().default(1),
    domain: text('nom_de_domaine'),
    /** Deleting a certificate still used by an application is refused (see certificates). */
    certificateId: uuid('certificat_tls_id').references(() => certificates.id, {
      onDelete: 'no action',
    }),
    repoUrl: text('repo_url'),
    gitBranch: text('git_branch'),
    /** 'code': built from repoUrl/gitBranch by the build pipeline; 'template': a catalogue image. */
    sourceKind: text('source_kind', { enum: ['code', 'template'] })
      .notNull()
      .default('template'),
    gitTokenId: uuid('git_token_id').references(() => gitTokens.id, { onDelete: 'no action' }),
    buildArgs: jsonb('build_args').$type<Record<string, string>>().notNull().default({}),
    /** Port the code listens on: the user's, else the one detected by the first build. */
    port: integer('port'),
    envVars: jsonb('env_vars').$type<StoredEnvVar[]>().notNull().default([]),
    /** Sealed secret of the push webhook; null until one is generated. */
    webhookSecretSealed: text('webhook_secret_sealed'),
    /**
     * The release that serves (code applications): set by the reconciler once the runtime
     * took it (health-gated); null before the first one was applied.
     */
    currentReleaseId: uuid('current_release_id'),
    /** Its numero, kept with the id so that every read of the application can show it. */
    currentReleaseNumero: integer('current_release_numero'),
    /** The release being rolled out (desired image and configuration), until it serves or fails. */
    desiredReleaseId: uuid('desired_release_id'),
    /**
     * Why the last update did not go live while the previous version kept serving (French,
     * shown on the application page); cleared when a new version goes live.
     */
    rolloutError: text('rollout_error'),
    /** Non-secret settings: admin e-mail, helm values, database engine/name/user. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** AES-256-GCM sealed JSON of every password of the application. */
    secretsSealed: text('secrets_sealed').notNull(),

    desiredState: text('desired_state', { enum: ['present', 'absent'] })
      .notNull()
      .default('present'),
    generation: integer('generation').notNull().default(1),
    observedGeneration: integer('observed_generation').notNull().default(0),
    restartRequestedAt: timestamptz('restart_requested_at'),
    restartObservedAt: timestamptz('restart_observed_at'),

    /** The runtime its objects were last applied on (engine/runtime-pin.ts); null before the first apply. */
    runtime: text('runtime', { enum: ['kubernetes', 'docker', 'simulation'] }),
    status: text('status', { enum: deploymentStatuses }).notNull().default('PENDING'),
    statusReason: text('status_reason'),
    applicationUrl: text('application_url'),
    pods: jsonb('pods').$type<PodState[]>().notNull().default([]),
    /** Image references the runtime reports running (deployment-sync summary). */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    events: jsonb('events').$type<DeploymentEvent[]>().notNull().default([]),
    /** Reconciler bookkeeping: retry schedule and the lease of the process applying it. */
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamptz('lease_expires_at'),

    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    deployedAt: timestamptz('deployed_at'),
  },
  (t) => [
    uniqueIndex('deployments_environment_name_key')
      .on(t.environmentId, sql`lower(${t.nom})`)
      .where(sql`${t.desiredState} = 'present'`),
    uniqueIndex('deployments_host_label_key')
      .on(t.hostLabel)
      .where(sql`${t.desiredState} = 'present'`),
    index('deployments_project_idx').on(t.projectId),
    index('deployments_environment_idx').on(t.environmentId),
    index('deployments_work_idx').on(t.nextAttemptAt),
  ],
);
