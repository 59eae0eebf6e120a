import type { ProjectRole } from '@nuage/shared/roles';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import { buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast } from '@/test/toasts';
import DeploymentDetailRoute from './deployment-detail';
import { buildCodeDetail, codeReleases, REPO } from './testing/code-app-fixture';

const project = buildProject();
const TOKEN_ID = '5a0f3c1e-1111-4a2b-8c3d-000000000001';
const PRIVATE = 'https://git.exemple.sn/boutique/api-privee.git';
const sourcePath = '/deployments/dep-1/source';

function renderCodeApp({
  role = 'developer',
  detail = {},
  webhookUrl = 'https://nuage.exemple.sn/api/v1/webhooks/git/dep-1',
}: { role?: ProjectRole; detail?: Partial<DeploymentDetail>; webhookUrl?: string } = {}) {
  const view = renderRoute(<DeploymentDetailRoute />, {
    url: '/deployment/dep-1',
    path: '/deployment/:deploymentId',
    user: buildUser(),
  });
  view.api
    .on('GET', '/deployments/deployment/dep-1', {
      body: buildCodeDetail({ build_args: { NODE_ENV: 'production' }, port: null, ...detail }),
    })
    .on('GET', `/projects/${project.id}`, { body: buildProject({ role_projet: role }) })
    .on('GET', '/platform', { body: { runtime: 'docker', simulation: false, banner: null } })
    .on('GET', '/deployments/deployment/dep-1/logs', { body: { logs: '' } })
    .on('GET', '/monitoring/applications/dep-1/metrics', {
      body: { application_id: 'dep-1', available: false, message: null, pods: [] },
    })
    .on('GET', '/deployments/dep-1/builds', { body: { builds: [], total: 0 } })
    .on('GET', '/deployments/dep-1/releases', { body: codeReleases })
    .on('GET', '/deployments/dep-1/env-vars', { body: [] })
    .on('GET', '/deployments/dep-1/webhook', {
      body: {
        url: webhookUrl,
        has_secret: true,
        providers: ['github', 'gitlab', 'gitea'],
      },
    })
    .on('GET', `/projects/${project.id}/git-tokens`, {
      body: [
        {
          id: TOKEN_ID,
          nom: 'GitHub équipe',
          created_at: '2024-05-02T09:00:00.000Z',
          last_used_at: null,
        },
      ],
    });
  return view;
}

const openModal = async (view: ReturnType<typeof renderCodeApp>) => {
  const source = await screen.findByRole('region', { name: 'Source' });
  await view.user.click(await within(source).findByRole('button', { name: 'Modifier la source' }));
  return screen.getByRole('dialog', { name: 'Modifier la source' });
};

describe('« Modifier la source » of a code application', { timeout: 20_000 }, () => {
  it('shows the build arguments and the port on the source card', async () => {
    renderCodeApp();
    const source = await screen.findByRole('region', { name: 'Source' });
    expect(source).toHaveTextContent('NODE_ENV');
    expect(source).toHaveTextContent('Détecté au build');
  });

  it('starts from the current source, checks it like the API, then sends it and says a build is queued', async () => {
    const view = renderCodeApp();
    view.api.on('PUT', sourcePath, ({ body }) => ({
      body: { ...(body as object), build_id: 'b9' },
    }));
    const dialog = await openModal(view);
    const f = (label: string) => within(dialog).getByLabelText(label);
    expect(f('URL du dépôt')).toHaveValue(REPO);
    expect(f('Branche')).toHaveValue('main');
    expect(f('Accès au dépôt')).toHaveValue('public');
    expect(f("Nom de l'argument 1")).toHaveValue('NODE_ENV');
    expect(f("Valeur de l'argument 1")).toHaveValue('production');

    await view.user.clear(f('URL du dépôt'));
    await view.user.type(f('URL du dépôt'), PRIVATE);
    await view.user.selectOptions(f('Accès au dépôt'), 'private');
    await view.user.clear(f("Port de l'application (optionnel)"));
    await view.user.type(f("Port de l'application (optionnel)"), '99999');
    const save = within(dialog).getByRole('button', { name: 'Enregistrer et reconstruire' });
    await view.user.click(save);
    expect(f('Token Git')).toHaveAccessibleDescription('Token requis pour un dépôt privé');
    expect(f("Port de l'application (optionnel)")).toHaveAccessibleDescription(
      'Port invalide (un entier entre 1 et 65535)',
    );
    expect(view.api.callsTo('PUT', sourcePath)).toHaveLength(0);

    await within(dialog).findByRole('option', { name: 'GitHub équipe' });
    await view.user.selectOptions(f('Token Git'), 'GitHub équipe');
    await view.user.clear(f("Port de l'application (optionnel)"));
    await view.user.type(f("Port de l'application (optionnel)"), '8080');
    await view.user.clear(f('Branche'));
    await view.user.type(f('Branche'), 'develop');
    await view.user.click(save);
    await expectToast('Source enregistrée : un nouveau build de la branche est en file d’attente.');
    expect(view.api.callsTo('PUT', sourcePath)[0]!.body).toEqual({
      repository_url: PRIVATE,
      git_branch: 'develop',
      git_token_id: TOKEN_ID,
      build_args: { NODE_ENV: 'production' },
      port: 8080,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the API's refusal (wrong token, missing branch) at its field and stays open", async () => {
    const view = renderCodeApp();
    const missing = 'La branche « develop » n’existe pas dans ce repository.';
    view.api.on('PUT', sourcePath, {
      status: 422,
      body: { detail: [{ loc: ['body', 'git_branch'], msg: missing, type: 'repository_branch' }] },
    });
    const dialog = await openModal(view);
    const branch = within(dialog).getByLabelText('Branche');
    await view.user.clear(branch);
    await view.user.type(branch, 'develop');
    await view.user.click(
      within(dialog).getByRole('button', { name: 'Enregistrer et reconstruire' }),
    );
    await waitFor(() => expect(branch).toHaveAccessibleDescription(missing));
    expect(branch).toHaveValue('develop');
  });

  it('is not offered to a plain user', async () => {
    renderCodeApp({ role: 'user' });
    const source = await screen.findByRole('region', { name: 'Source' });
    expect(within(source).queryByRole('button', { name: 'Modifier la source' })).toBeNull();
  });
});

describe('webhook instructions of a code application', { timeout: 20_000 }, () => {
  const card = () => screen.findByRole('region', { name: 'Déploiement automatique (webhook)' });

  it('gives each host its own settings: GitHub, GitLab, Gitea (URL, POST, JSON, secret, push)', async () => {
    const view = renderCodeApp();
    const webhook = await card();
    expect(
      await within(webhook).findByText('https://nuage.exemple.sn/api/v1/webhooks/git/dep-1'),
    ).toBeInTheDocument();
    for (const step of [
      'Payload URL : l’URL ci-dessus',
      'Content type : application/json',
      'Secret : le secret généré',
      '« Just the push event »',
    ])
      expect(webhook).toHaveTextContent(step);
    await view.user.click(within(webhook).getByRole('tab', { name: 'GitLab' }));
    for (const step of ['URL : l’URL ci-dessus', 'Secret token : le secret généré', 'Push events'])
      expect(webhook).toHaveTextContent(step);
    await view.user.click(within(webhook).getByRole('tab', { name: 'Gitea' }));
    for (const step of [
      'Target URL : l’URL ci-dessus',
      'HTTP Method : POST',
      'POST Content Type : application/json',
      'Secret : le secret généré',
      '« Push Events »',
    ])
      expect(webhook).toHaveTextContent(step);
    expect(within(webhook).queryByText(/PUBLIC_URL/)).toBeNull();
  });

  it('warns when the platform answers a local address no Git host can reach (PUBLIC_URL unset)', async () => {
    renderCodeApp({ webhookUrl: 'http://localhost:8000/api/v1/webhooks/git/dep-1' });
    const webhook = await card();
    // What the customer can do meanwhile, never the operator's setting.
    const notice = await within(webhook).findByText(/pas encore joignable depuis Internet/);
    expect(notice).toHaveTextContent('cliquez sur « Redéployer »');
    expect(within(webhook).queryByText(/PUBLIC_URL/)).toBeNull();
  });
});
