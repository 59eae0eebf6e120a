import { backupTexts } from '@nuage/shared/schemas/backups';
import type { SauvegardesApplication } from '@nuage/shared/backup-types';
import type { ProjectRole } from '@nuage/shared/roles';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import type { FakeApi } from '@/test/fake-api';
import { buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast } from '@/test/toasts';
import DeploymentDetailRoute from './deployment-detail';
import { buildDetail } from './testing/detail-fixture';

const project = buildProject();
const detailPath = '/deployments/deployment/dep-1';

const noBackups: SauvegardesApplication = {
  sauvegardes: [],
  restaurations: [],
  planification: {
    actif: true,
    conservation_nombre: 7,
    conservation_jours: 30,
    prochaine_sauvegarde: '2025-01-11T02:00:00.000Z',
    prochaine_restauration_test: '2025-01-17T02:00:00.000Z',
  },
  destination_s3: null,
  destination_manquante: null,
  cibles_restauration: [],
  environnements_restauration: [],
};

function renderDetail(
  opts: {
    detail?: DeploymentDetail;
    role?: ProjectRole;
    api?: FakeApi;
    backups?: SauvegardesApplication;
  } = {},
) {
  const view = renderRoute(<DeploymentDetailRoute />, {
    url: '/deployment/dep-1',
    path: '/deployment/:deploymentId',
    user: buildUser(),
  });
  view.api
    .on('GET', detailPath, { body: opts.detail ?? buildDetail() })
    .on('GET', `/projects/${project.id}`, {
      body: buildProject({ role_projet: opts.role ?? 'developer' }),
    })
    .on('GET', '/platform', { body: { runtime: 'simulation', simulation: true, banner: null } })
    .on('GET', '/monitoring/applications/dep-1/metrics', {
      body: {
        application_id: 'dep-1',
        available: true,
        message: null,
        source: 'simulation',
        collected_at: '2025-01-10T09:05:00.000Z',
        cpu: { used: 0.12, limit: 0.5, percent: 24 },
        ram: { used: 0.4, limit: 1, percent: 40 },
        storage: { reserved: 20 },
        pods: [],
      },
    })
    .on('GET', `${detailPath}/logs`, { body: { logs: '[simulation] démarrage\n' } })
    .on('GET', '/deployments/dep-1/backups', { body: opts.backups ?? noBackups });
  return view;
}

const region = (name: string) => screen.findByRole('region', { name });
const row = (card: HTMLElement, label: string) =>
  within(card).getByText(label).nextElementSibling as HTMLElement;

describe('/deployment/{id}: what it shows', () => {
  it('shows general info, resources, extra info, pods and history', async () => {
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'boutique' })).toBeVisible();
    const general = await region('Informations générales');
    expect(within(row(general, 'Statut')).getByText('En ligne').closest('span')).toHaveClass(
      'bg-green-100',
    );
    expect(row(general, 'Type')).toHaveTextContent('WordPress');
    expect(row(general, 'Dépôt')).toHaveTextContent('N/A (Application ERP)');
    expect(within(row(general, "URL de l'application")).getByRole('link')).toHaveAttribute(
      'href',
      'http://localhost/simulation/dep-1',
    );
    expect(row(general, 'Instances')).toHaveTextContent('1');
    const resources = await region('Ressources');
    expect(row(resources, 'CPU')).toHaveTextContent('0,5 cores');
    expect(row(resources, 'RAM')).toHaveTextContent('1 GB');
    expect(row(resources, 'Image')).toHaveTextContent('docker.io/library/wordpress');
    expect(row(resources, 'Version du modèle')).toHaveTextContent('1.0.0');
    expect(
      await within(resources).findByRole('progressbar', { name: 'CPU utilisé' }),
    ).toHaveAttribute('aria-valuetext', '0,12 / 0,5 cores (24 %)');
    // The simulation's figures are invented: marked as such beside them.
    expect(
      within(resources).getByRole('group', { name: 'Utilisation en direct' }),
    ).toHaveTextContent('simulé');
    const extra = await region('Informations complémentaires');
    expect(row(extra, 'Certificat du domaine')).toHaveTextContent('Aucun');
    expect(row(extra, 'Domaine')).toHaveTextContent('Aucun');
    expect(row(extra, "Tag de l'image")).toHaveTextContent('6.4-apache');
    expect(within(await region('Historique')).getByText('Déploiement demandé')).toBeVisible();
    expect(screen.getByRole('link', { name: /Retour à l'environnement/ })).toHaveAttribute(
      'href',
      '/deployments/env-1',
    );
  });

  it('says in French, at the top, that the HTTPS certificate could not be obtained', async () => {
    const message =
      "Le certificat HTTPS de shop.exemple.sn n'a pas pu être obtenu : le nom shop.exemple.sn ne se résout pas dans le DNS.";
    renderDetail({ detail: buildDetail({ alerte_certificat: message }) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Certificat HTTPS');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: 'Voir les certificats' })).toHaveAttribute(
      'href',
      '/certificates',
    );
  });

  it('shows no certificate alert while the certificate is fine', async () => {
    renderDetail({ detail: buildDetail({ alerte_certificat: null }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'boutique' })).toBeVisible();
    expect(screen.queryByText('Certificat HTTPS')).toBeNull();
  });

  it("says 'URL en cours de génération...' until the application has a URL", async () => {
    renderDetail({ detail: buildDetail({ application_url: null, statut_deploiement: 'PENDING' }) });
    const general = await region('Informations générales');
    expect(row(general, "URL de l'application")).toHaveTextContent('URL en cours de génération...');
  });

  it.each([
    ['RUNNING', 'En ligne', 'bg-green-100'],
    ['DEPLOYING', 'Déploiement en cours', 'bg-amber-100'],
    ['PENDING', 'En attente', 'bg-amber-100'],
    ['FAILED', 'Échec', 'bg-red-100'],
    ['DELETING', 'Suppression en cours', 'bg-slate-100'],
  ])('colours the status %s as the detail screen does', async (status, label, tone) => {
    renderDetail({ detail: buildDetail({ statut_deploiement: status, status }) });
    const general = await region('Informations générales');
    expect(within(row(general, 'Statut')).getByText(label).closest('span')).toHaveClass(tone);
  });

  it('colours each pod as SPEC §4 says', async () => {
    renderDetail({
      detail: buildDetail({
        replicas: 3,
        pods_status: [
          { name: 'boutique-simule-a', status: 'Running', ready: true, restarts: 0 },
          { name: 'boutique-simule-b', status: 'Pending', ready: false, restarts: 0 },
          { name: 'boutique-simule-c', status: 'Failed', ready: false, restarts: 2 },
        ],
      }),
    });
    const pods = await region('Instances');
    const pod = (name: string, phase: string) =>
      within(within(pods).getByRole('listitem', { name })).getByText(phase).closest('span');
    expect(pod('Instance 1', 'En cours d’exécution')).toHaveClass('bg-green-100');
    expect(pod('Instance 2', 'En attente')).toHaveClass('bg-amber-100');
    expect(pod('Instance 3', 'Échec')).toHaveClass('bg-red-100');
    expect(within(pods).getByText('1 / 3 instances en marche')).toBeVisible();
  });

  it('names the certificate, never its id', async () => {
    renderDetail({
      detail: buildDetail({
        nom_de_domaine: 'boutique.exemple.sn',
        statut_domaine: 'verifie',
        certificat_tls_id: '0b6f6d2e-9f8e-4c3b-a2a1-1c2d3e4f5a6b',
        certificat_tls: {
          id: '0b6f6d2e-9f8e-4c3b-a2a1-1c2d3e4f5a6b',
          nom: 'Joker',
          domaine: '*.exemple.sn',
        },
      }),
    });
    const extra = await region('Informations complémentaires');
    expect(row(extra, 'Certificat du domaine')).toHaveTextContent('Joker (*.exemple.sn)');
    expect(extra).not.toHaveTextContent('0b6f6d2e');
  });

  it('shows a database instance only where the application has a database', async () => {
    renderDetail({
      detail: buildDetail({
        base_de_donnees: null,
        pods_status: [
          { name: 'api-simule-g1-0', status: 'Running', ready: true, restarts: 0 },
          { name: 'api-db-simule-0', status: 'Running', ready: true, restarts: 0 },
        ],
      }),
    });
    const pods = await region('Instances');
    expect(within(pods).queryByText('Base de données')).toBeNull();
    expect(within(pods).getByRole('listitem', { name: 'Instance 2' })).toBeVisible();
  });

  it('derives the type from the image and applies the repository rules of SPEC §4', async () => {
    renderDetail({
      detail: buildDetail({
        template: '',
        image_url: 'registry.exemple.sn/equipe/python-api:1.2',
        repository_url: null,
      }),
    });
    const general = await region('Informations générales');
    expect(row(general, 'Type')).toHaveTextContent('Python');
    expect(row(general, 'Dépôt')).toHaveTextContent('N/A (URL non fournie)');
  });

  it("falls back to the sync summary, then 'Type inconnu'; hides the platform's client image", async () => {
    renderDetail({
      detail: buildDetail({
        template: '',
        image_url: 'registry.exemple.sn/app:1',
        deployment_sync: { status: { summary: { images: ['registry.exemple.sn/app:1'] } } },
        repository_url: 'https://gitlab.nuagedeploy.sn/plateforme/client-image.git',
      }),
    });
    const general = await region('Informations générales');
    expect(row(general, 'Type')).toHaveTextContent('Type inconnu');
    expect(within(general).queryByText('Dépôt')).not.toBeInTheDocument();
  });

  it("shows 'Déploiement non trouvé' with a Back action", async () => {
    const { api, user, location } = renderDetail();
    api.on('GET', detailPath, { status: 404, body: { detail: 'Application introuvable' } });
    expect(await screen.findByRole('heading', { name: 'Déploiement non trouvé' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Retour/ }));
    expect(location().pathname).toBe('/dashboard');
  });
});

describe('/deployment/{id}: roles', () => {
  it("hides scale, restart, edit, delete and logs from the 'user' role", async () => {
    const { api } = renderDetail({ role: 'user' });
    await region('Informations générales');
    await waitFor(() => expect(api.callsTo('GET', `/projects/${project.id}`)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Journaux' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', `${detailPath}/logs`)).toHaveLength(0);
  });

  it('shows them to a developer', async () => {
    renderDetail({ role: 'developer' });
    expect(await region('Actions')).toBeVisible();
    expect(await region('Journaux')).toBeVisible();
  });
});

describe('/deployment/{id}: actions', () => {
  it('disables minus at 1 replica; plus sets replicas to 2 and reloads', async () => {
    const { api, user } = renderDetail();
    const actions = await region('Actions');
    expect(within(actions).getByRole('button', { name: 'Retirer une instance' })).toBeDisabled();
    api.on('PUT', detailPath, { body: buildDetail({ replicas: 2 }) });
    api.on('GET', detailPath, { body: buildDetail({ replicas: 2 }) });
    const before = api.callsTo('GET', detailPath).length;
    await user.click(within(actions).getByRole('button', { name: 'Ajouter une instance' }));
    await expectToast("Mise à l'échelle demandée : 2 instances");
    expect(api.callsTo('PUT', detailPath)[0]!.body).toEqual({ replicas: 2 });
    await waitFor(() => expect(api.callsTo('GET', detailPath).length).toBeGreaterThan(before));
    await waitFor(() =>
      expect(within(actions).getByRole('button', { name: 'Retirer une instance' })).toBeEnabled(),
    );
    expect(within(actions).getByLabelText('Nombre d’instances')).toHaveTextContent('2');
  });

  it('minus sets replicas to current minus one', async () => {
    const { api, user } = renderDetail({ detail: buildDetail({ replicas: 3, pods_status: [] }) });
    api.on('PUT', detailPath, { body: buildDetail({ replicas: 2 }) });
    await user.click(
      within(await region('Actions')).getByRole('button', { name: 'Retirer une instance' }),
    );
    await waitFor(() => expect(api.callsTo('PUT', detailPath)[0]?.body).toEqual({ replicas: 2 }));
  });

  it("opens 'Quota insuffisant' when scaling exceeds the project's quota", async () => {
    const { api, user } = renderDetail();
    api.on('PUT', detailPath, {
      status: 400,
      body: {
        detail: {
          message: 'Ressources du projet insuffisantes pour cette modification',
          quota_exceeded: ['CPU : 1 core demandé, 0,5 disponible'],
          recommendations: [],
          quota_details: { quota_cpu: 1, used_cpu: 0.5 },
        },
      },
    });
    await user.click(
      within(await region('Actions')).getByRole('button', { name: 'Ajouter une instance' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Quota insuffisant' });
    expect(within(dialog).getByText('CPU : 1 core demandé, 0,5 disponible')).toBeVisible();
  });

  it('restart asks for a sync, then reloads', async () => {
    const { api, user } = renderDetail();
    api.on('POST', `${detailPath}/sync`, { body: buildDetail() });
    const before = api.callsTo('GET', detailPath).length;
    await user.click(within(await region('Actions')).getByRole('button', { name: /Redémarrer/ }));
    await expectToast('Redémarrage demandé');
    expect(api.callsTo('POST', `${detailPath}/sync`)).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET', detailPath).length).toBeGreaterThan(before));
  });

  it('delete asks for confirmation, then goes back to the environment', async () => {
    const { api, user, location } = renderDetail();
    api.on('DELETE', detailPath, {
      status: 202,
      body: { message: 'Suppression de l’application en cours.' },
    });
    await user.click(within(await region('Actions')).getByRole('button', { name: /Supprimer/ }));
    const dialog = await screen.findByRole('dialog', { name: "Supprimer l'application" });
    expect(within(dialog).getByText('Cette action est irréversible.')).toBeVisible();
    expect(api.callsTo('DELETE', detailPath)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    await waitFor(() => expect(location().pathname).toBe('/deployments/env-1'));
    expect(api.callsTo('DELETE', detailPath)).toHaveLength(1);
    await expectToast('Suppression de l’application en cours.');
  });

  it('edits the application through the modal', async () => {
    const { api, user } = renderDetail();
    api.on('PUT', detailPath, { body: buildDetail({ nom: 'vitrine' }) });
    await user.click(within(await region('Actions')).getByRole('button', { name: /Modifier/ }));
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'application" });
    const name = within(dialog).getByLabelText('Nom');
    await user.clear(name);
    await user.type(name, 'vitrine');
    const tag = within(dialog).getByLabelText("Tag de l'image");
    await user.clear(tag);
    await user.type(tag, '6.5-apache');
    await user.type(within(dialog).getByLabelText('Nom de domaine'), 'boutique.exemple.sn');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await expectToast('Application modifiée avec succès !');
    expect(api.callsTo('PUT', detailPath)[0]!.body).toMatchObject({
      nom: 'vitrine',
      cpu_requis: 0.5,
      ram_requise: 1,
      replicas: 1,
      image_registry_url: 'docker.io/library/wordpress',
      image_tag: '6.5-apache',
      nom_de_domaine: 'boutique.exemple.sn',
      helm_chart_version: '1.0.0',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps reading the application while it is not settled', async () => {
    const { api } = renderDetail({
      detail: buildDetail({
        statut_deploiement: 'DEPLOYING',
        pods_status: [{ name: 'boutique-simule-x', status: 'Pending', ready: false, restarts: 0 }],
      }),
    });
    const general = await region('Informations générales');
    expect(within(row(general, 'Statut')).getByText('Déploiement en cours')).toBeVisible();
    api.on('GET', detailPath, { body: buildDetail() });
    await waitFor(
      () => expect(within(row(general, 'Statut')).getByText('En ligne')).toBeVisible(),
      {
        timeout: 4000,
      },
    );
  });
});

describe('/deployment/{id}: backups', () => {
  const backup = {
    id: 'bk-1',
    application_id: 'dep-1',
    type: 'manual' as const,
    statut: 'success' as const,
    taille_octets: 5 * 1024 * 1024,
    sha256: 'a'.repeat(64),
    copies: [],
    erreur: null,
    date_debut: '2025-01-10T09:00:00.000Z',
    date_fin: '2025-01-10T09:01:00.000Z',
  };

  it('shows failures in red with their reason', async () => {
    renderDetail({
      backups: {
        ...noBackups,
        sauvegardes: [
          {
            ...backup,
            id: 'bk-2',
            statut: 'failed',
            erreur: 'Envoi vers le stockage S3 échoué (InvalidAccessKeyId)',
          },
        ],
      },
    });
    const card = await region('Sauvegardes');
    expect(within(card).getByText('Échouée')).toHaveClass('bg-red-100');
    expect(within(card).getByText(/InvalidAccessKeyId/)).toBeVisible();
    expect(within(card).queryByRole('button', { name: 'Restaurer' })).not.toBeInTheDocument();
  });

  it('says what to configure when backups have nowhere to go (Kubernetes without S3), and offers no backup', async () => {
    renderDetail({
      backups: {
        ...noBackups,
        planification: { ...noBackups.planification, prochaine_sauvegarde: null },
        destination_manquante: backupTexts.destinationMissing,
      },
    });
    const card = await region('Sauvegardes');
    expect(within(card).getByRole('status')).toHaveTextContent(backupTexts.destinationMissing);
    expect(within(card).getByText('En attente d’une destination S3')).toBeVisible();
    expect(within(card).queryByText(/^Quotidiennes/)).not.toBeInTheDocument();
    expect(
      await within(card).findByRole('button', { name: 'Sauvegarder maintenant' }),
    ).toBeDisabled();
  });

  it('« Sauvegarder maintenant » starts a backup', async () => {
    const { api, user } = renderDetail();
    api.on('POST', '/deployments/dep-1/backups', {
      status: 202,
      body: { message: 'Sauvegarde lancée' },
    });
    const card = await region('Sauvegardes');
    await user.click(await within(card).findByRole('button', { name: 'Sauvegarder maintenant' }));
    await expectToast('Sauvegarde lancée');
    expect(api.callsTo('POST', '/deployments/dep-1/backups')).toHaveLength(1);
  });

  it('restores into another application only after confirmation', async () => {
    const { api, user } = renderDetail({
      backups: {
        ...noBackups,
        sauvegardes: [backup],
        cibles_restauration: [{ id: 'dep-9', nom: 'boutique-recette', environnement: 'Recette' }],
      },
    });
    api.on('POST', '/deployments/dep-1/backups/bk-1/restore', {
      status: 202,
      body: { message: 'Restauration lancée' },
    });
    const card = await region('Sauvegardes');
    expect(within(card).getByText(/5 Mo/)).toBeVisible();
    await user.click(await within(card).findByRole('button', { name: 'Restaurer' }));
    const dialog = await screen.findByRole('dialog');
    expect(api.callsTo('POST', '/deployments/dep-1/backups/bk-1/restore')).toHaveLength(0);
    await user.selectOptions(within(dialog).getByRole('combobox'), 'dep-9');
    expect(within(dialog).getByText('boutique-recette', { selector: 'strong' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Restaurer' }));
    await expectToast('Restauration lancée');
    expect(api.callsTo('POST', '/deployments/dep-1/backups/bk-1/restore')[0]?.body).toEqual({
      confirmation: true,
      application_cible_id: 'dep-9',
    });
  });

  it('restores into a new application of another environment, after naming it', async () => {
    const { api, user } = renderDetail({
      backups: {
        ...noBackups,
        sauvegardes: [backup],
        environnements_restauration: [
          { id: 'env-prod', nom: 'Production', type: 'prod', projet_id: 'p-1', projet: 'Boutique' },
          { id: 'env-rec', nom: 'Recette', type: 'staging', projet_id: 'p-1', projet: 'Boutique' },
        ],
      },
    });
    api.on('POST', '/deployments/dep-1/backups/bk-1/restore', {
      status: 202,
      body: { message: 'Restauration lancée' },
    });
    const card = await region('Sauvegardes');
    await user.click(await within(card).findByRole('button', { name: 'Restaurer' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(
      within(dialog).getByLabelText('Restaurer dans'),
      'Dans une nouvelle application',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Restaurer' }));
    expect(await within(dialog).findByText(backupTexts.environmentRequired)).toBeVisible();
    expect(api.callsTo('POST', '/deployments/dep-1/backups/bk-1/restore')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Environnement'), 'Recette');
    const name = within(dialog).getByLabelText('Nom de la nouvelle application');
    await user.clear(name);
    await user.type(name, 'Boutique recette');
    await user.click(within(dialog).getByRole('button', { name: 'Restaurer' }));
    await expectToast('Restauration lancée');
    expect(api.callsTo('POST', '/deployments/dep-1/backups/bk-1/restore')[0]?.body).toEqual({
      confirmation: true,
      nouvelle_application: { environment_id: 'env-rec', nom: 'Boutique recette' },
    });
  });

  it('lets developers change the schedule, with French errors', async () => {
    const { api, user } = renderDetail();
    api.on('PUT', '/deployments/dep-1/backup-schedule', { body: noBackups });
    const card = await region('Sauvegardes');
    await user.click(await within(card).findByText('Planification'));
    const kept = within(card).getByLabelText('Sauvegardes conservées');
    await user.clear(kept);
    await user.type(kept, '0');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer la planification' }));
    expect(await within(card).findByText(backupTexts.keepCountInvalid)).toBeVisible();
    await user.clear(kept);
    await user.type(kept, '3');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer la planification' }));
    await expectToast('Planification enregistrée');
    // The checkbox untouched: « actif » is not sent, so the stored choice stays (issue 33).
    expect(api.callsTo('PUT', '/deployments/dep-1/backup-schedule')[0]?.body).toEqual({
      conservation_nombre: 3,
      conservation_jours: 30,
    });
    await user.click(within(card).getByLabelText('Sauvegarde automatique quotidienne'));
    await user.click(within(card).getByRole('button', { name: 'Enregistrer la planification' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/deployments/dep-1/backup-schedule')[1]?.body).toEqual({
        actif: false,
        conservation_nombre: 3,
        conservation_jours: 30,
      }),
    );
  });

  it('shows project admins the S3 destination without its secret key', async () => {
    const { api, user } = renderDetail({ role: 'admin' });
    api.on('GET', `/projects/${project.id}/backup-destination`, {
      body: {
        destination: {
          endpoint: 'https://s3.exemple.sn',
          region: 'us-east-1',
          bucket: 'sauvegardes',
          prefixe: '',
          access_key_id: 'AKIA',
        },
      },
    });
    api.on('PUT', `/projects/${project.id}/backup-destination`, { body: { destination: {} } });
    const card = await region('Sauvegardes');
    await user.click(await within(card).findByText(/Destination S3 du projet/));
    expect(await within(card).findByDisplayValue('https://s3.exemple.sn')).toBeVisible();
    const secret = within(card).getByLabelText('Clé secrète');
    expect(secret).toHaveValue('');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer la destination' }));
    expect(await within(card).findByText(backupTexts.secretKeyRequired)).toBeVisible();
    await user.type(secret, 'nouvelle-cle');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer la destination' }));
    await expectToast('Destination S3 enregistrée');
    expect(api.callsTo('PUT', `/projects/${project.id}/backup-destination`)[0]?.body).toMatchObject(
      {
        bucket: 'sauvegardes',
        secret_access_key: 'nouvelle-cle',
      },
    );
  });
});
