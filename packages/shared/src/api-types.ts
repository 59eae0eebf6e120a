import type { AdminAccess } from './admin-access';
/**
 * Response shapes of the API (SPEC §3 field names), shared by the server's presenters and the
 * web app's fetch functions.
 */
import type { EnvironmentType } from './schemas/environments';
import type { ProjectRole } from './roles';

export interface ResourceAmounts {
  cpu: number;
  ram: number;
  stockage: number;
}

export interface Project {
  id: string;
  nom: string;
  description: string | null;
  quota_cpu: number;
  quota_ram: number;
  quota_stockage: number;
  date_creation: string;
  /** The caller's role in this project. */
  role_projet: ProjectRole;
  /** Reserved by the project's applications (cpu × replicas, ram × replicas, storage). */
  usage: ResourceAmounts;
  environments_count: number;
  applications_count: number;
}

export interface ProjectMember {
  /** The membership id (used in /projects/{id}/members/{memberId}). */
  id: string;
  user_id: string;
  prenom: string;
  nom: string;
  email: string;
  role_projet: ProjectRole;
  date_ajout: string;
}

export interface ProjectInvitation {
  id: string;
  email: string;
  role_projet: ProjectRole;
  expires_at: string;
  date_creation: string;
}

/**
 * POST /projects/{id}/members. SPEC §4 also names `member_added`; the platform no longer adds
 * anyone without their consent, so the answer is always an invitation, the same whether or not
 * the address has an account.
 */
export type AddMemberResult = {
  type: 'invitation_sent';
  message: string;
  invitation: ProjectInvitation;
};

export interface InvitationInfo {
  projet_id: string;
  project_name: string;
  email: string;
  role: ProjectRole;
  expires_at: string;
  user_exists: boolean;
}

export interface AcceptInvitationResult {
  message: string;
  projet_id: string;
  user_created: boolean;
  /** Only when the invitation created the account: the new session. */
  access_token?: string;
}

export interface PendingInvitation {
  id: string;
  projet_id: string;
  project_name: string;
  role: ProjectRole;
  expires_at: string;
  invited_by: string | null;
}

export type EnvironmentStatusValue = 'pending' | 'active' | 'failed' | 'deleting';

export interface EnvironmentStatus {
  status: EnvironmentStatusValue;
  message: string | null;
  gitlab_config: { created: boolean };
}

export interface Environment {
  id: string;
  nom: string;
  type: EnvironmentType;
  projet_id: string;
  namespace_k8s_id: string;
  nom_dossier_git: string;
  date_creation: string;
  status: EnvironmentStatus;
  applications_count: number;
}

export interface EnvironmentConfig {
  environment_id: string;
  namespace: string;
  runtime: string;
  manifests_path: string;
  resource_quota: ResourceAmounts;
  labels: Record<string, string>;
}

export interface MessageResponse {
  message: string;
}

/**
 * SPEC §3 "Deployment / application": an application as GET /deployments/{envId}/deployments
 * lists it and the deploy and edit calls answer it. Never a secret.
 */
export type DomainStatus = 'verifie' | 'en_attente';

export interface Deployment {
  id: string;
  nom: string;
  type_application: 'ERP' | 'CODE';
  template: string;
  template_name: string;
  /** The engine's status (PENDING, DEPLOYING, RUNNING, FAILED), DELETING once removal is asked. */
  statut_deploiement: string;
  status_reason: string | null;
  cpu_requis: number;
  ram_requise: number;
  stockage_requis: number;
  replicas: number;
  repo_url: string | null;
  git_branch: string | null;
  image_registry_url: string;
  image_tag: string;
  helm_chart_version: string;
  certificat_tls_id: string | null;
  nom_de_domaine: string | null;
  /**
   * The custom domain's state (issue 24): 'en_attente' until its owner proves control (DNS
   * card: a CNAME to the platform host or the TXT record), no route for it meanwhile; null
   * without a custom domain.
   */
  statut_domaine: DomainStatus | null;
  application_url: string | null;
  environnement_id: string;
  projet_id: string;
  admin_email: string | null;
  /** How to log into the application (login page, login, e-mail); never the password. */
  acces_admin: AdminAccess;
  /** Null for a code application (it has no database of its own). */
  base_de_donnees: { engine: string; database: string; user: string } | null;
  /** 'code': built from a Git repository (issue 13); 'template': a catalogue application. */
  source_kind: 'code' | 'template';
  repository_url: string | null;
  /** The private repository's token (its id only, never the token). */
  git_token_id: string | null;
  /** Code applications: the build arguments (not secrets) and the port, null = detected. */
  build_args: Record<string, string>;
  port: number | null;
  /** The release the application runs (code applications), null before the first build. */
  current_release: { id: string; numero: number } | null;
  /**
   * Why the last update did not go live while the previous version kept serving (health-gated
   * rollout), e.g. 'La version 3 n'a pas démarré : … ; la version 2 reste en ligne.'; else null.
   */
  rollout_error: string | null;
  /** A new release is being rolled out (it becomes current_release once it serves). */
  rollout_pending: boolean;
  /** The engine's French events, newest first. */
  events: { at: string; message: string }[];
  date_creation: string;
  derniere_mise_a_jour: string;
  date_deploiement: string | null;
}
