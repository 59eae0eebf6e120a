import type { Deployment } from '@nuage/shared/api-types';

/** One entry of GET /deployments/{envId}/deployments. */
export function buildDeployment(overrides: Partial<Deployment> = {}): Deployment {
  return {
    id: 'dep-1',
    nom: 'boutique',
    type_application: 'ERP',
    template: 'wordpress',
    template_name: 'WordPress',
    statut_deploiement: 'RUNNING',
    status_reason: null,
    cpu_requis: 0.5,
    ram_requise: 1,
    stockage_requis: 20,
    replicas: 1,
    repo_url: null,
    git_branch: null,
    image_registry_url: 'docker.io/library/wordpress',
    image_tag: '6.4-apache',
    helm_chart_version: '1.0.0',
    certificat_tls_id: null,
    nom_de_domaine: 'boutique.exemple.sn',
    application_url: 'http://localhost/simulation/dep-1',
    environnement_id: '9a9a9a9a-0000-4000-8000-000000000009',
    projet_id: '0b6f2f8e-6a1e-4c55-9b3a-3f0c1d2e4a01',
    admin_email: null,
    acces_admin: {
      url_connexion: 'http://boutique.exemple.sn/wp-admin',
      identifiant: 'admin',
      email: 'admin@boutique.sn',
      mot_de_passe_gere: true,
    },
    base_de_donnees: { engine: 'mariadb', database: 'wordpress', user: 'wordpress' },
    events: [],
    date_creation: '2025-01-10T09:00:00.000Z',
    derniere_mise_a_jour: '2025-01-10T09:05:00.000Z',
    date_deploiement: '2025-01-10T09:01:00.000Z',
    ...overrides,
  };
}
