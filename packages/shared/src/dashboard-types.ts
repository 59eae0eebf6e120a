/** GET /api/v1/dashboard: the aggregated read of the dashboard and status pages. */
import type { EnvironmentStatus, Project } from './api-types';
import type { UsageSummary } from './pricing-types';
import type { EnvironmentType } from './schemas/environments';

export interface DashboardPod {
  name: string;
  status: string;
  ready: boolean;
  restarts: number;
}

/** An application as GET /deployments/deployment/{id} shows it (entity + detail fields). */
export interface DashboardApplication {
  id: string;
  nom: string;
  type_application: 'ERP' | 'CODE';
  template: string;
  template_name: string;
  statut_deploiement: string;
  status: string;
  status_reason: string | null;
  cpu_requis: number;
  ram_requise: number;
  stockage_requis: number;
  replicas: number;
  repo_url: string | null;
  image_registry_url: string;
  image_tag: string;
  image_url: string;
  helm_chart_version: string;
  nom_de_domaine: string | null;
  application_url: string | null;
  environnement_id: string;
  projet_id: string;
  date_creation: string;
  derniere_mise_a_jour: string;
  date_deploiement: string | null;
  pods_status: DashboardPod[];
}

export interface DashboardEnvironment {
  id: string;
  nom: string;
  type: EnvironmentType;
  namespace_k8s_id: string;
  status: EnvironmentStatus;
  applications: DashboardApplication[];
}

export interface DashboardProject extends Project {
  environments: DashboardEnvironment[];
}

/** Month-on-month change from stored monthly snapshots; null fields when there is no previous month. */
export interface CostTrend {
  current_month: string;
  previous_month: string | null;
  previous_monthly_cost: number | null;
  change_percent: number | null;
}

export interface DashboardResponse {
  runtime: { name: string; simulation: boolean };
  generated_at: string;
  totals: {
    projects: number;
    environments: number;
    applications: number;
    active_applications: number;
  };
  projects: DashboardProject[];
  costs: UsageSummary & { trend: CostTrend };
  /** Applications whose latest backup, or latest test restore, failed: shown loudly. */
  sauvegardes_en_echec: DashboardBackupFailure[];
}

export interface DashboardBackupFailure {
  application_id: string;
  application_nom: string;
  projet_nom: string;
  /** What failed: the latest backup, the weekly test restore, or a restore into a held application. */
  operation: 'sauvegarde' | 'restauration' | 'restauration de test';
  erreur: string | null;
  date: string;
}
