/** What the API answers about backups (apps/api modules/backups/presenter.ts). */
export type BackupStatut = 'running' | 'success' | 'failed';

export interface BackupCopie {
  type: 'local' | 's3';
  emplacement: string;
  statut: 'success' | 'failed';
  erreur: string | null;
}

export interface Sauvegarde {
  id: string;
  application_id: string;
  type: 'manual' | 'scheduled';
  statut: BackupStatut;
  taille_octets: number | null;
  sha256: string | null;
  copies: BackupCopie[];
  erreur: string | null;
  date_debut: string;
  date_fin: string | null;
}

export interface Restauration {
  id: string;
  sauvegarde_id: string;
  application_cible_id: string;
  type: 'same' | 'other' | 'new' | 'test';
  statut: BackupStatut;
  nombre_tables: number | null;
  erreur: string | null;
  date_debut: string;
  date_fin: string | null;
}

export interface PlanificationSauvegarde {
  actif: boolean;
  conservation_nombre: number;
  conservation_jours: number;
  prochaine_sauvegarde: string | null;
  prochaine_restauration_test: string | null;
}

export interface SauvegardesApplication {
  sauvegardes: Sauvegarde[];
  restaurations: Restauration[];
  planification: PlanificationSauvegarde;
  destination_s3: { endpoint: string; bucket: string } | null;
  /**
   * Why no backup can run, and what to configure (the runtime sends backups to S3 only and the
   * project has no destination): then nothing is scheduled and « Sauvegarder maintenant » is
   * refused. Null when backups can run.
   */
  destination_manquante: string | null;
  /** Other applications of the same template in the project: where a restore may also go. */
  cibles_restauration: { id: string; nom: string; environnement: string }[];
  /**
   * Where « Dans une nouvelle application » may create one: every environment of every project
   * where the caller may deploy, this application's project first.
   */
  environnements_restauration: {
    id: string;
    nom: string;
    type: string;
    projet_id: string;
    projet: string;
  }[];
}

export interface DestinationSauvegarde {
  endpoint: string;
  region: string;
  bucket: string;
  prefixe: string;
  access_key_id: string;
}

/**
 * `alerte_restauration` of an application created to receive a restore, while it is held (no
 * replica): the restore under way, or why it failed and what the user can do. Null otherwise.
 */
export interface AlerteRestauration {
  statut: 'running' | 'failed';
  /** The French sentence for the application page. */
  message: string;
  /** The restore concerned; null when none is left (its backup was deleted). */
  restauration_id: string | null;
  sauvegarde_id: string | null;
  /** When the backup was taken, and of which application. */
  sauvegarde_date: string | null;
  application_source: string | null;
  erreur: string | null;
  /** When the restore started (running) or failed. */
  date: string | null;
  /** « Réessayer la restauration » applies (a failed restore of a backup that still exists). */
  reessayable: boolean;
}
