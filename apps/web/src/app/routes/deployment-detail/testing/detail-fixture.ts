import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import { buildApp } from '@/test/operations-fixtures';

/** GET /deployments/deployment/{id} for the detail screen's tests. */
export function buildDetail(overrides: Partial<DeploymentDetail> = {}): DeploymentDetail {
  const app = buildApp({ id: 'dep-1', nom: 'boutique', environnement_id: 'env-1' });
  return {
    ...app,
    application_name: app.nom,
    cpu_required: app.cpu_requis,
    ram_required: app.ram_requise,
    repository_url: null,
    created_at: app.date_creation,
    updated_at: app.derniere_mise_a_jour,
    environment_id: app.environnement_id,
    domain: null,
    certificat_tls_id: null,
    git_branch: null,
    admin_email: 'admin@boutique.sn',
    acces_admin: {
      url_connexion: 'http://localhost/simulation/dep-1/wp-admin',
      identifiant: 'admin',
      email: 'admin@boutique.sn',
      mot_de_passe_gere: true,
    },
    base_de_donnees: { engine: 'mariadb', database: 'wordpress', user: 'wordpress' },
    events: [
      {
        at: '2025-01-10T09:01:00.000Z',
        message: 'Application disponible (1 instance(s) prête(s))',
      },
      { at: '2025-01-10T09:00:00.000Z', message: 'Déploiement demandé' },
    ],
    deployment_sync: { status: { summary: { images: [app.image_url] } } },
    alerte_certificat: null,
    alerte_restauration: null,
    certificat_tls: null,
    version_en_ligne: null,
    mise_a_jour: { disponible: null, derniere: null },
    ...overrides,
  };
}
