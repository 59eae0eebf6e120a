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
  type: 'same' | 'other' | 'test';
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
  /** Other applications of the same template in the project: where a restore may also go. */
  cibles_restauration: { id: string; nom: string; environnement: string }[];
}

export interface DestinationSauvegarde {
  endpoint: string;
  region: string;
  bucket: string;
  prefixe: string;
  access_key_id: string;
}
