import type { SauvegardesApplication } from '@nuage/shared/backup-types';
import { composeFormTexts, composeTexts } from '@nuage/shared/messages/compose';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import DeploymentDetailRoute from './deployment-detail';
import { codeBuilds, codeReleases } from './testing/code-app-fixture';
import { buildDetail } from './testing/detail-fixture';

/**
 * A Compose application whose file comes from its Git repository: its page has the builds,
 * releases, webhook and « Redéployer » of a code application, not the variables (the file has
 * its own), and says where the file comes from; a pasted one's page has none of them.
 */
const project = buildProject();
const REPO = 'https://git.exemple.sn/boutique/pile.git';

const noBackups: SauvegardesApplication = {
  sauvegardes: [],
  restaurations: [],
  planification: {
    actif: false,
    conservation_nombre: 7,
    conservation_jours: 30,
    prochaine_sauvegarde: null,
    prochaine_restauration_test: null,
  },
  destination_s3: null,
  destination_manquante: null,
  cibles_restauration: [],
  environnements_restauration: [],
};

function composeDetail(fromGit: boolean): DeploymentDetail {
  return buildDetail({
    nom: 'pile',
    template: 'compose',
    template_name: 'Docker Compose',
    source_kind: 'compose',
    base_de_donnees: null,
    port: 8080,
    repo_url: fromGit ? REPO : null,
    repository_url: fromGit ? REPO : null,
    git_branch: fromGit ? 'production' : null,
    current_release: fromGit ? { id: 'rel-2', numero: 2 } : null,
    compose: {
      service_expose: 'web',
      port: 8080,
      services: [
        {
          nom: 'web',
          image: 'registry.nuage.sn/p1/pile-web:b2b2b2b',
          cpu: 0.5,
          ram: 0.5,
          limites_du_fichier: false,
          construit: fromGit,
        },
        {
          nom: 'db',
          image: 'postgres:16',
          cpu: 0.5,
          ram: 0.5,
          limites_du_fichier: false,
          construit: false,
        },
      ],
      volumes: [{ nom: 'donnees', taille: 1 }],
      chemin_compose: fromGit ? 'deploy/compose.yaml' : null,
    },
  });
}

function renderCompose(fromGit: boolean) {
  const view = renderRoute(<DeploymentDetailRoute />, {
    url: '/deployment/dep-1',
    path: '/deployment/:deploymentId',
    user: buildUser(),
  });
  view.api
    .on('GET', '/deployments/deployment/dep-1', { body: composeDetail(fromGit) })
    .on('GET', `/projects/${project.id}`, { body: buildProject({ role_projet: 'developer' }) })
    .on('GET', '/platform', { body: { runtime: 'docker', simulation: false, banner: null } })
    .on('GET', '/deployments/deployment/dep-1/logs', { body: { logs: '' } })
    .on('GET', '/monitoring/applications/dep-1/metrics', {
      body: { application_id: 'dep-1', available: false, message: null, pods: [] },
    })
    .on('GET', '/deployments/dep-1/backups', { body: noBackups })
    .on('GET', '/deployments/dep-1/builds', {
      body: { builds: codeBuilds.filter((b) => b.status !== 'running'), total: 2 },
    })
    .on('GET', '/deployments/dep-1/releases', { body: codeReleases })
    .on('GET', '/deployments/dep-1/promotion-targets', { body: [] })
    .on('GET', '/deployments/dep-1/webhook', {
      body: {
        url: 'https://nuage.exemple.sn/api/v1/webhooks/git/dep-1',
        has_secret: false,
        providers: ['github', 'gitlab', 'gitea'],
      },
    });
  return view;
}

const region = (name: string) => screen.findByRole('region', { name });

describe('/deployment/{id} of a Compose application', { timeout: 20_000 }, () => {
  it('from a Git repository: builds, releases, webhook and the repository, no variables', async () => {
    const view = renderCompose(true);
    const source = await region('Source');
    expect(within(source).getByRole('link', { name: REPO })).toHaveAttribute('href', REPO);
    expect(source).toHaveTextContent('production');
    expect(source).toHaveTextContent(composeTexts.fileFromRepository);
    expect(await within(source).findByRole('button', { name: 'Redéployer' })).toBeInTheDocument();
    expect(source).not.toHaveTextContent('Arguments de build');

    const builds = await region('Builds');
    expect(within(builds).getByRole('listitem', { name: 'Build n° 2' })).toBeInTheDocument();
    expect(await region('Versions')).toBeInTheDocument();
    expect(await region('Déploiement automatique (webhook)')).toBeInTheDocument();
    // The file carries its own variables; a Compose application's volumes are backed up.
    expect(screen.queryByRole('region', { name: "Variables d'environnement" })).toBeNull();
    expect(view.api.callsTo('GET', '/deployments/dep-1/env-vars')).toHaveLength(0);
    // Previews of pull requests are built for code applications only.
    expect(view.api.callsTo('GET', '/deployments/dep-1/previews')).toHaveLength(0);
    await waitFor(() =>
      expect(view.api.callsTo('GET', '/deployments/dep-1/backups').length).toBeGreaterThan(0),
    );

    // The services card says where the file comes from.
    const services = await region('Services');
    expect(services).toHaveTextContent(composeFormTexts.fromRepository);
    expect(within(services).getByRole('link', { name: REPO })).toHaveAttribute('href', REPO);
    expect(services).toHaveTextContent(composeFormTexts.fromRepositoryBranch('production'));
    expect(services).toHaveTextContent(composeFormTexts.fromRepositoryPath('deploy/compose.yaml'));
    // The service built from the repository says so; the published image's does not.
    expect(within(services).getByRole('listitem', { name: 'web' })).toHaveTextContent(
      composeFormTexts.builtBadge,
    );
    expect(within(services).getByRole('listitem', { name: 'db' })).not.toHaveTextContent(
      composeFormTexts.builtBadge,
    );
    // The header names the repository and branch, not an internal image.
    expect(
      screen.getByText('Docker Compose · git.exemple.sn/boutique/pile · branche production'),
    ).toBeInTheDocument();
  });

  it('pasted: no builds, releases, webhook or source, nothing asked about them', async () => {
    const view = renderCompose(false);
    const services = await region('Services');
    expect(services).not.toHaveTextContent(composeFormTexts.fromRepository);
    await waitFor(() =>
      expect(view.api.callsTo('GET', '/deployments/dep-1/backups').length).toBeGreaterThan(0),
    );
    for (const name of ['Source', 'Builds', 'Versions', 'Déploiement automatique (webhook)'])
      expect(screen.queryByRole('region', { name })).toBeNull();
    expect(view.api.callsTo('GET', '/deployments/dep-1/builds')).toHaveLength(0);
    expect(view.api.callsTo('GET', '/deployments/dep-1/webhook')).toHaveLength(0);
  });
  it('from a Git repository: « Modifier la source » changes the branch and the exposed service, never build arguments', async () => {
    const view = renderCompose(true);
    view.api.on('PUT', '/deployments/dep-1/source', ({ body }) => ({
      body: { ...(body as object), build_id: 'b9' },
    }));
    const source = await region('Source');
    await view.user.click(
      await within(source).findByRole('button', { name: 'Modifier la source' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Modifier la source' });
    expect(within(dialog).queryByLabelText("Nom de l'argument 1")).toBeNull();
    expect(within(dialog).queryByLabelText("Port de l'application (optionnel)")).toBeNull();
    const branch = within(dialog).getByLabelText('Branche');
    await view.user.clear(branch);
    await view.user.type(branch, 'staging');
    const exposed = within(dialog).getByLabelText(composeFormTexts.serviceLabel);
    expect(exposed).toHaveValue('web');
    await view.user.clear(exposed);
    await view.user.type(exposed, 'Mauvais nom');
    await view.user.click(
      within(dialog).getByRole('button', { name: 'Enregistrer et reconstruire' }),
    );
    expect(exposed).toHaveAccessibleDescription(composeTexts.exposedServiceRequired);
    expect(view.api.callsTo('PUT', '/deployments/dep-1/source')).toHaveLength(0);
    await view.user.clear(exposed);
    await view.user.type(exposed, 'db');
    const port = within(dialog).getByLabelText(composeFormTexts.portLabel);
    await view.user.clear(port);
    await view.user.type(port, '5432');
    await view.user.click(
      within(dialog).getByRole('button', { name: 'Enregistrer et reconstruire' }),
    );
    await waitFor(() =>
      expect(view.api.callsTo('PUT', '/deployments/dep-1/source')).toHaveLength(1),
    );
    expect(view.api.callsTo('PUT', '/deployments/dep-1/source')[0]!.body).toEqual({
      repository_url: REPO,
      git_branch: 'staging',
      git_token_id: null,
      build_args: {},
      port: 5432,
      service_expose: 'db',
    });
  });
});
