import {
  connectionString,
  DATABASE_NAME,
  DATABASE_USER,
  databaseEngines,
  PASSWORD_MASK,
} from '@nuage/shared/database-engines';
import { fromMilli } from '@nuage/shared/quantities';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { databaseSettingsOf } from '../../engine/specs/database-settings';
import type { DatabaseRow } from './access';
import { presentPublicAccess, type PublicOffer } from './public-presenter';

export interface PresentedLink {
  applicationId: string;
  applicationNom: string;
  variable: string;
}

/** A database, its fields listed one by one: never its password (masked in the string). */
export function presentDatabase(
  row: DatabaseRow,
  links: PresentedLink[],
  offer: PublicOffer,
): DatabaseResource {
  const s = databaseSettingsOf(row.settings);
  const engine = databaseEngines[s.engine];
  const redis = s.engine === 'redis';
  return {
    id: row.id,
    nom: row.nom,
    moteur: s.engine,
    moteur_libelle: engine.label,
    version: s.version,
    // Stopped once the runtime applied the stop and converged (RUNNING: nothing runs, as asked).
    statut_deploiement:
      row.desiredState === 'absent'
        ? 'DELETING'
        : s.stopped && row.status === 'RUNNING' && row.observedGeneration >= row.generation
          ? 'STOPPED'
          : row.status,
    arretee: s.stopped,
    status_reason: row.statusReason,
    cpu_requis: fromMilli(row.cpuMilli),
    ram_requise: fromMilli(row.ramMb),
    stockage_requis: fromMilli(row.storageMb),
    environnement_id: row.environmentId,
    projet_id: row.projectId,
    hote: s.host,
    port: engine.port,
    utilisateur: redis ? null : DATABASE_USER,
    base: redis ? null : DATABASE_NAME,
    chaine_connexion: connectionString({
      engine: s.engine,
      host: s.host,
      password: PASSWORD_MASK,
    }).replace(encodeURIComponent(PASSWORD_MASK), PASSWORD_MASK),
    applications_liees: links.map((l) => ({
      application_id: l.applicationId,
      application_nom: l.applicationNom,
      variable: l.variable,
    })),
    acces_public: presentPublicAccess(s, offer),
    date_creation: row.createdAt.toISOString(),
  };
}
