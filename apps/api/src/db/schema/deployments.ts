import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { certificates } from './certificates';
import { createdAt, timestamptz } from './columns';
import { environments } from './environments';
import { gitTokens } from './git-tokens';
import { registryCredentials } from './registry-credentials';
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
     * application's hostname under APPS_DOMAIN (engine/routing/hostnames.ts).
     */
    hostLabel: text('host_label').notNull(),
    /**
     * 'ERP' (ready-made application), 'CODE' (user code or any image), or 'DATABASE' (a
     * database of the environment, issue 25: `template` is its engine, no hostname served).
     */
    category: text('category', { enum: ['ERP', 'CODE', 'DATABASE'] }).notNull(),
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
    /**
     * The custom domain, normalised (lower case, no trailing dot: schemas/domain.ts): a claim,
     * pending until its owner proves control (domainVerifiedAt), served only once verified.
     *
     * Who holds a name (issue 24): a pending claim reserves nothing. Several applications of
     * different projects may claim one name while none has proved it, each with its own token;
     * the first whose owner proves control takes it, and the others lose their claim in the
     * same transaction (modules/dns/take-domain.ts). So the unique index
     * `deployments_domain_key` covers verified names only: one verified holder per name on the
     * whole platform, deleting applications included until their runtime objects are gone.
     * A claim of a name already verified elsewhere is refused (domain-claim.ts), under the
     * name's advisory lock (modules/dns/domain-lock.ts), which orders claims and proofs of one
     * name. Pending claims expire after DOMAIN_CLAIM_PENDING_DAYS.
     */
    domain: text('nom_de_domaine'),
    /** When `domain` was set: the earlier claim wins if two rows ever held one name. */
    domainClaimedAt: timestamptz('domain_claimed_at'),
    /**
     * When its owner proved control of `domain` (modules/dns/verify-claim.ts); null = pending: no
     * route, Ingress or certificate is made for it on any runtime.
     */
    domainVerifiedAt: timestamptz('domain_verified_at'),
    /**
     * While pending: when the platform's background check (modules/dns/claim-worker.ts) looks
     * for the proof next; null once verified or without a domain.
     */
    domainNextCheckAt: timestamptz('domain_next_check_at'),
    /** While pending: when a check last got an answer from the DNS, and what it found. */
    domainCheckedAt: timestamptz('domain_checked_at'),
    domainCheckResult: text('domain_check_result', { enum: ['txt_missing', 'txt_wrong'] }),
    /** How: a CNAME to the application's own platform host, the TXT token, or held before proofs existed. */
    domainProof: text('domain_proof', { enum: ['cname', 'txt', 'existing'] }),
    /**
     * The application's verification token, published by the domain's owner as the TXT record
     * `_nuage-verification.<domain>`. Not a secret (it is in public DNS): it only has to be the
     * application's own, so one tenant's record never proves another tenant's claim.
     */
    domainToken: text('domain_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** Deleting a certificate still used by an application is refused (see certificates). */
    certificateId: uuid('certificat_tls_id').references(() => certificates.id, {
      onDelete: 'no action',
    }),
    repoUrl: text('repo_url'),
    gitBranch: text('git_branch'),
    /**
     * 'code': built from repoUrl/gitBranch by the build pipeline; 'template': a catalogue image;
     * 'image': any image the user names (issue 30), run like a code application's release;
     * 'compose': the services of a pasted docker-compose.yml (issue 30 item 2).
     */
    sourceKind: text('source_kind', { enum: ['code', 'template', 'image', 'compose'] })
      .notNull()
      .default('template'),
    gitTokenId: uuid('git_token_id').references(() => gitTokens.id, { onDelete: 'no action' }),
    /** An image application's registry credentials (deleting them is refused while used). */
    registryCredentialId: uuid('registry_credential_id').references(() => registryCredentials.id, {
      onDelete: 'no action',
    }),
    /**
     * An image application's « Redéployer à chaque nouvelle version » (issue 30): the platform
     * reads the tag's digest from its registry every IMAGE_WATCH_INTERVAL_SECONDS and redeploys
     * by digest when it changed (modules/image-watch).
     */
    imageWatch: boolean('image_watch').notNull().default(false),
    /** When the next registry check falls due (null: the option is off); moved ahead as a lease. */
    imageWatchNextAt: timestamptz('image_watch_next_at'),
    /** When the registry last answered a check (or refused it). */
    imageWatchCheckedAt: timestamptz('image_watch_checked_at'),
    /**
     * The tag's digest the last check read: the baseline the next one compares with (null: none
     * read yet since the option was turned on or the image changed).
     */
    imageWatchDigest: text('image_watch_digest'),
    /** Why the last check failed (French, shown on the application page); null after a success. */
    imageWatchError: text('image_watch_error'),
    /** Checks failed in a row: the next one waits longer (back-off). */
    imageWatchFailures: integer('image_watch_failures').notNull().default(0),
    /**
     * Keyed hash of the token of the application's registry webhook URL (a registry's push
     * notification asks for the check at once); null: no such URL. The token is shown once.
     */
    imageWatchHookHash: text('image_watch_hook_hash'),
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
    /**
     * A Compose application's docker-compose.yml, sealed (AES-256-GCM): its `environment` holds
     * passwords. Null for every other application.
     */
    composeFileSealed: text('compose_file_sealed'),
    /** AES-256-GCM sealed JSON of every password of the application. */
    secretsSealed: text('secrets_sealed').notNull(),

    desiredState: text('desired_state', { enum: ['present', 'absent'] })
      .notNull()
      .default('present'),
    generation: integer('generation').notNull().default(1),
    observedGeneration: integer('observed_generation').notNull().default(0),
    restartRequestedAt: timestamptz('restart_requested_at'),
    restartObservedAt: timestamptz('restart_observed_at'),

    /** The runtime its objects were last applied on (startup/runtime-pin.ts); null before the first apply. */
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
    /**
     * When « votre site est en ligne » went to whoever deployed it, after its first successful
     * deploy (modules/deployments/site-online-mail.ts): set once, so redeploys never mail again.
     */
    onlineMailSentAt: timestamptz('online_mail_sent_at'),
  },
  (t) => [
    uniqueIndex('deployments_environment_name_key')
      .on(t.environmentId, sql`lower(${t.nom})`)
      .where(sql`${t.desiredState} = 'present'`),
    // Every row, deleting ones too: a host keeps one owner until its runtime objects are gone.
    uniqueIndex('deployments_host_label_key').on(t.hostLabel),
    // Verified names only: pending claims of one name may coexist until one is proved.
    uniqueIndex('deployments_domain_key')
      .on(sql`lower(rtrim(${t.domain}, '.'))`)
      .where(sql`${t.domain} is not null and ${t.domainVerifiedAt} is not null`),
    index('deployments_domain_claims_idx')
      .on(sql`lower(rtrim(${t.domain}, '.'))`)
      .where(sql`${t.domain} is not null and ${t.domainVerifiedAt} is null`),
    index('deployments_domain_check_idx')
      .on(t.domainNextCheckAt)
      .where(sql`${t.domainNextCheckAt} is not null`),
    index('deployments_image_watch_idx')
      .on(t.imageWatchNextAt)
      .where(sql`${t.imageWatchNextAt} is not null`),
    // A database's public port (issue 25 item 2): one database per port on the host or cluster,
    // whatever two requests did at once (modules/databases/public-access.ts also locks).
    uniqueIndex('deployments_public_port_key')
      .on(sql`((${t.settings} -> 'publicAccess' ->> 'port'))`)
      .where(
        sql`${t.category} = 'DATABASE' and ${t.settings} -> 'publicAccess' ->> 'port' is not null`,
      ),
    index('deployments_project_idx').on(t.projectId),
    index('deployments_environment_idx').on(t.environmentId),
    index('deployments_work_idx').on(t.nextAttemptAt),
  ],
);
