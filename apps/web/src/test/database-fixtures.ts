import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import type { Environment } from '@nuage/shared/api-types';

/** A running PostgreSQL database « clients » of `env` (issue 25), its password masked. */
export function buildDatabase(
  env: Pick<Environment, 'id' | 'projet_id'>,
  overrides: Partial<DatabaseResource> = {},
): DatabaseResource {
  return {
    id: 'db0db0db-0000-4000-8000-0000000000db',
    nom: 'clients',
    moteur: 'postgresql',
    moteur_libelle: 'PostgreSQL',
    version: '16',
    statut_deploiement: 'RUNNING',
    status_reason: null,
    cpu_requis: 0.5,
    ram_requise: 1,
    stockage_requis: 5,
    environnement_id: env.id,
    projet_id: env.projet_id,
    hote: 'clients',
    port: 5432,
    utilisateur: 'app',
    base: 'app',
    chaine_connexion: 'postgres://app:********@clients:5432/app',
    applications_liees: [],
    acces_public: {
      disponible: true,
      actif: false,
      hote: null,
      port: null,
      chaine_connexion: null,
      sources_autorisees: [],
      ouvert_a_tous: false,
      tls: false,
      empreinte_ca: null,
    },
    arretee: false,
    date_creation: '2026-11-29T09:00:00.000Z',
    ...overrides,
  };
}
