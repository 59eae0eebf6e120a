import { z } from 'zod/mini';
import { miseAJourSchema } from './app-updates';

export const domainStatusValues = ['verifie', 'en_attente'] as const;
export type DomainStatus = (typeof domainStatusValues)[number];

/** The `acces_admin` object of an application (GET /deployments/deployment/{id}): no secret. */
export const adminAccessSchema = z.object({
  url_connexion: z.nullable(z.string()),
  identifiant: z.nullable(z.string()),
  email: z.nullable(z.string()),
  mot_de_passe_gere: z.boolean(),
});
export type AdminAccess = z.infer<typeof adminAccessSchema>;

/**
 * SPEC §3 "Deployment / application": an application as GET /deployments/{envId}/deployments
 * lists it and the deploy calls answer it. Never a secret.
 */
export const deploymentResponseSchema = z.object({
  id: z.string(),
  nom: z.string(),
  /** 'DATABASE': a database of the environment (issue 25), where lists show every resource. */
  type_application: z.enum(['ERP', 'CODE', 'DATABASE']),
  template: z.string(),
  template_name: z.string(),
  /** The engine's status (PENDING, DEPLOYING, RUNNING, FAILED), DELETING once removal is asked. */
  statut_deploiement: z.string(),
  status_reason: z.nullable(z.string()),
  cpu_requis: z.number(),
  ram_requise: z.number(),
  stockage_requis: z.number(),
  replicas: z.number(),
  repo_url: z.nullable(z.string()),
  git_branch: z.nullable(z.string()),
  image_registry_url: z.string(),
  image_tag: z.string(),
  helm_chart_version: z.string(),
  certificat_tls_id: z.nullable(z.string()),
  nom_de_domaine: z.nullable(z.string()),
  /**
   * The custom domain's state (issue 24): 'en_attente' until its owner proves control (DNS
   * card: a CNAME to the platform host or the TXT record), no route for it meanwhile; null
   * without a custom domain.
   */
  statut_domaine: z.nullable(z.enum(domainStatusValues)),
  application_url: z.nullable(z.string()),
  environnement_id: z.string(),
  projet_id: z.string(),
  admin_email: z.nullable(z.string()),
  /** How to log into the application (login page, login, e-mail); never the password. */
  acces_admin: adminAccessSchema,
  /** Null for a code application (it has no database of its own). */
  base_de_donnees: z.nullable(
    z.object({ engine: z.string(), database: z.string(), user: z.string() }),
  ),
  /**
   * 'code': built from a Git repository (issue 13); 'template': a catalogue application;
   * 'image': any container image the user named (issue 30); 'compose': the services of a
   * pasted docker-compose.yml (issue 30 item 2).
   */
  source_kind: z.enum(['code', 'template', 'image', 'compose']),
  /**
   * An image application's settings (issue 30): the command replacing the image's CMD, the
   * HTTP health-check path, where its volume is mounted, the registry credentials it is pulled
   * with (their id only, never the password); null for the other applications.
   */
  image_settings: z.nullable(
    z.object({
      commande: z.nullable(z.array(z.string())),
      chemin_sante: z.nullable(z.string()),
      chemin_donnees: z.string(),
      registry_credential_id: z.nullable(z.string()),
      /**
       * « Redéployer à chaque nouvelle version »: the tag's digest is read from the registry
       * and a new one redeployed (the digest it runs, the last check, the registry's refusal).
       */
      redeploiement_auto: z.boolean(),
      empreinte_en_service: z.nullable(z.string()),
      derniere_verification: z.nullable(z.string()),
      erreur_registre: z.nullable(z.string()),
      /** A registry webhook URL exists (its token is shown only when made). */
      webhook_registre: z.boolean(),
    }),
  ),
  /**
   * A Compose application (issue 30 item 2): the service the edge proxy serves and its port,
   * each service's image and size (the file's limits, else the default size), the named
   * volumes; never the file itself (its `environment` may hold passwords). Null otherwise.
   * A file read from the Git repository: its path, and the services the platform built.
   */
  compose: z.nullable(
    z.object({
      service_expose: z.string(),
      port: z.number(),
      services: z.array(
        z.object({
          nom: z.string(),
          image: z.string(),
          cpu: z.number(),
          ram: z.number(),
          limites_du_fichier: z.boolean(),
          /** Its image is the platform's build of the repository's `build:` section. */
          construit: z.boolean(),
        }),
      ),
      volumes: z.array(z.object({ nom: z.string(), taille: z.number() })),
      /** The file's path in the Git repository (`repo_url`); null for a pasted file. */
      chemin_compose: z.nullable(z.string()),
    }),
  ),
  repository_url: z.nullable(z.string()),
  /** The private repository's token (its id only, never the token). */
  git_token_id: z.nullable(z.string()),
  /** Code applications: the build arguments (not secrets) and the port, null = detected. */
  build_args: z.record(z.string(), z.string()),
  port: z.nullable(z.number()),
  /** The release the application runs (code applications), null before the first build. */
  current_release: z.nullable(z.object({ id: z.string(), numero: z.number() })),
  /**
   * Why the last update did not go live while the previous version kept serving (health-gated
   * rollout), e.g. 'La version 3 n'a pas démarré : … ; la version 2 reste en ligne.'; else null.
   */
  rollout_error: z.nullable(z.string()),
  /** A new release is being rolled out (it becomes current_release once it serves). */
  rollout_pending: z.boolean(),
  /**
   * A change (an edit, a scale, a restart) is recorded but the engine has not applied it yet: the
   * page keeps reading until it has, however busy the engine is.
   */
  change_pending: z.boolean(),
  /** The engine's French events, newest first. */
  events: z.array(z.object({ at: z.string(), message: z.string() })),
  date_creation: z.string(),
  derniere_mise_a_jour: z.string(),
  date_deploiement: z.nullable(z.string()),
});
export type Deployment = z.infer<typeof deploymentResponseSchema>;

/** POST /deployments/{envId}/deploy/code: the application and its first build. */
export const deployCodeResultSchema = z.extend(deploymentResponseSchema, { build_id: z.string() });
export type DeployCodeResult = z.infer<typeof deployCodeResultSchema>;
/** deploy/compose: `build_id` is the first build's when the file comes from a Git repository. */
export const deployComposeResultSchema = z.extend(deploymentResponseSchema, {
  build_id: z.optional(z.string()),
});

export const podStatusSchema = z.object({
  name: z.string(),
  status: z.string(),
  ready: z.boolean(),
  restarts: z.number(),
});
export type PodStatus = z.infer<typeof podStatusSchema>;

/**
 * The entity plus SPEC §3's server-side detail shape: what the edit and the restart answer
 * (presentDeploymentDetail).
 */
export const deploymentDetailBaseSchema = z.extend(deploymentResponseSchema, {
  application_name: z.string(),
  status: z.string(),
  cpu_required: z.number(),
  ram_required: z.number(),
  image_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  environment_id: z.string(),
  domain: z.nullable(z.string()),
  pods_status: z.array(podStatusSchema),
  deployment_sync: z.object({
    status: z.object({ summary: z.object({ images: z.array(z.string()) }) }),
  }),
});
export type DeploymentDetailBase = z.infer<typeof deploymentDetailBaseSchema>;

/**
 * `alerte_restauration` of an application created to receive a restore, while it is held (no
 * replica): the restore under way, or why it failed and what the user can do. Null otherwise.
 */
export const alerteRestaurationSchema = z.object({
  statut: z.enum(['running', 'failed']),
  /** The French sentence for the application page. */
  message: z.string(),
  /** The restore concerned; null when none is left (its backup was deleted). */
  restauration_id: z.nullable(z.string()),
  sauvegarde_id: z.nullable(z.string()),
  /** When the backup was taken, and of which application. */
  sauvegarde_date: z.nullable(z.string()),
  application_source: z.nullable(z.string()),
  erreur: z.nullable(z.string()),
  /** When the restore started (running) or failed. */
  date: z.nullable(z.string()),
  /** « Réessayer la restauration » applies (a failed restore of a backup that still exists). */
  reessayable: z.boolean(),
});
export type AlerteRestauration = z.infer<typeof alerteRestaurationSchema>;

/** GET /deployments/deployment/{id}: the detail and what the application page must flag. */
export const deploymentDetailSchema = z.extend(deploymentDetailBaseSchema, {
  /** The domain's HTTPS certificate failed or expired, as a French sentence; null when fine. */
  alerte_certificat: z.nullable(z.string()),
  /** Created to receive a restore and still held: that restore running, or why it failed. */
  alerte_restauration: z.nullable(alerteRestaurationSchema),
  /** The attached certificate, by name (the page never shows its id); null without one. */
  certificat_tls: z.nullable(z.object({ id: z.string(), nom: z.string(), domaine: z.string() })),
  /** A catalogue application's update: the one announced, and the latest asked for. */
  mise_a_jour: miseAJourSchema,
  /** A code application's serving release: what it was built from; null otherwise. */
  version_en_ligne: z.nullable(
    z.object({
      numero: z.number(),
      commit_sha: z.string(),
      commit_message: z.nullable(z.string()),
      branche: z.string(),
    }),
  ),
});
export type DeploymentDetail = z.infer<typeof deploymentDetailSchema>;

export const deploymentListSchema = z.array(deploymentResponseSchema);
