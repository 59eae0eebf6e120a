import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import { buildDeployment } from '@/test/deployment-fixture';
import { buildProject } from '@/test/project-fixtures';

/** GET /deployments/deployment/{id} for the detail screen's tests: the entity and its detail. */
export function buildDetail(overrides: Partial<DeploymentDetail> = {}): DeploymentDetail {
  const entity = buildDeployment({
    nom_de_domaine: null,
    statut_domaine: null,
    environnement_id: 'env-1',
    projet_id: buildProject().id,
    admin_email: 'admin@boutique.sn',
    acces_admin: {
      url_connexion: 'http://localhost/simulation/dep-1/wp-admin',
      identifiant: 'admin',
      email: 'admin@boutique.sn',
      mot_de_passe_gere: true,
    },
  });
  const image = `${entity.image_registry_url}:${entity.image_tag}`;
  return {
    ...entity,
    status: entity.statut_deploiement,
    image_url: image,
    pods_status: [{ name: 'boutique-simule-dep-1-0', status: 'Running', ready: true, restarts: 0 }],
    application_name: entity.nom,
    cpu_required: entity.cpu_requis,
    ram_required: entity.ram_requise,
    created_at: entity.date_creation,
    updated_at: entity.derniere_mise_a_jour,
    environment_id: entity.environnement_id,
    domain: null,
    events: [
      {
        at: '2025-01-10T09:01:00.000Z',
        message: 'Application disponible (1 instance(s) prête(s))',
      },
      { at: '2025-01-10T09:00:00.000Z', message: 'Déploiement demandé' },
    ],
    deployment_sync: { status: { summary: { images: [image] } } },
    alerte_certificat: null,
    alerte_restauration: null,
    certificat_tls: null,
    version_en_ligne: null,
    mise_a_jour: { disponible: null, derniere: null },
    ...overrides,
  };
}
