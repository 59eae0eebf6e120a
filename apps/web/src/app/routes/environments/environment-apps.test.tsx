import type { Deployment, Project } from '@nuage/shared/api-types';
import { codeDeployMessages } from '@nuage/shared/schemas/code-deploy';
import { deployErrors, deploySuccess, quotaTexts } from '@nuage/shared/messages';
import { deployMessages as m } from '@nuage/shared/schemas/deployments';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import AppShell from '@/app/shell/app-shell';
import { buildDeployment } from '@/test/deployment-fixture';
import { buildEnvironment, buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast, toastTexts } from '@/test/toasts';
import EnvironmentAppsRoute from './environment-apps';

const project = buildProject();
const env = buildEnvironment();
const listPath = `/deployments/${env.id}/deployments`;
const deployPath = `/deployments/${env.id}/deploy/erp`;

function deployment(overrides: Partial<Deployment> = {}): Deployment {
  return buildDeployment({
    id: 'd1d1d1d1-0000-4000-8000-0000000000d1',
    nom: 'blog-dakar',
    type_application: 'ERP',
    template: 'wordpress',
    template_name: 'WordPress',
    statut_deploiement: 'RUNNING',
    status_reason: null,
    cpu_requis: 0.5,
    ram_requise: 1,
    stockage_requis: 20,
    replicas: 2,
    image_registry_url: 'docker.io/library/wordpress',
    image_tag: '6.4-apache',
    nom_de_domaine: null,
    application_url: 'http://blog-dakar.exemple.sn',
    environnement_id: env.id,
    date_creation: '2024-05-04T09:00:00.000Z',
    ...overrides,
  });
}

function renderPage(
  opts: { project?: Project; deployments?: Deployment[]; simulation?: boolean } = {},
) {
  const view = renderRoute(<EnvironmentAppsRoute />, {
    url: `/deployments/${env.id}`,
    path: '/deployments/:environmentId',
    user: buildUser(),
    // The banner belongs to the signed-in shell (every page), not to this screen.
    layout: <AppShell />,
  });
  const simulation = opts.simulation ?? false;
  view.api
    .on('GET', `/environments/${env.id}`, { body: env })
    .on('GET', `/projects/${project.id}`, { body: opts.project ?? project })
    .on('GET', listPath, { body: opts.deployments ?? [deployment()] })
    .on('GET', `/environments/${env.id}/databases`, { body: [] })
    .on('GET', '/platform', {
      body: {
        runtime: simulation ? 'simulation' : 'kubernetes',
        simulation,
        banner: simulation ? "Mode simulation : aucune application réelle n'est déployée" : null,
      },
    });
  return view;
}

const appCard = (name: string) => screen.findByRole('article', { name });

async function openInlineForm(view: ReturnType<typeof renderPage>) {
  await view.user.click(await screen.findByRole('button', { name: /Déploiement rapide/ }));
  return screen.getByRole('form', { name: 'Déploiement rapide' });
}

describe('/deployments/{environmentId}', { timeout: 20_000 }, () => {
  it('shows the breadcrumb and links a new application to the wizard', async () => {
    renderPage();
    const crumbs = await screen.findByRole('navigation', { name: "Fil d'Ariane" });
    await within(crumbs).findByRole('link', { name: project.nom });
    expect(within(crumbs).getByRole('link', { name: 'Projets' })).toHaveAttribute(
      'href',
      '/projects',
    );
    expect(within(crumbs).getByRole('link', { name: project.nom })).toHaveAttribute(
      'href',
      `/projects/${project.id}`,
    );
    expect(within(crumbs).getByRole('link', { name: 'Environnements' })).toHaveAttribute(
      'href',
      `/environments/${project.id}`,
    );
    expect(within(crumbs).getByText(env.nom)).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('link', { name: /Nouvelle application/ })).toHaveAttribute(
      'href',
      `/deploy?environmentId=${env.id}`,
    );
  });

  it('lists each application with its template, resources, address and detail link', async () => {
    renderPage();
    const card = await appCard('blog-dakar');
    expect(within(card).getByRole('link', { name: 'blog-dakar' })).toHaveAttribute(
      'href',
      '/deployment/d1d1d1d1-0000-4000-8000-0000000000d1',
    );
    expect(card).toHaveTextContent('WordPress');
    expect(card).toHaveTextContent('CPU (cores)0,5');
    expect(card).toHaveTextContent('RAM (GB)1');
    expect(card).toHaveTextContent('docker.io/library/wordpress:6.4-apache');
    expect(card).toHaveTextContent('Instances2');
    expect(within(card).getByRole('link', { name: /blog-dakar\.exemple\.sn/ })).toHaveAttribute(
      'href',
      'http://blog-dakar.exemple.sn',
    );
    expect(screen.getByRole('heading', { name: 'Applications (1)' })).toBeVisible();
  });

  it('colours each status as SPEC §4 says', async () => {
    const app = (nom: string, statut_deploiement: string) =>
      deployment({ id: nom, nom, statut_deploiement, application_url: null });
    renderPage({
      deployments: [
        app('a-running', 'RUNNING'),
        app('a-deployed', 'DEPLOYED'),
        app('a-healthy', 'HEALTHY'),
        app('a-lower', 'running'),
        app('a-failed', 'FAILED'),
        app('a-pending', 'PENDING'),
        app('a-building', 'BUILDING'),
        app('a-deploying', 'DEPLOYING'),
        app('a-other', 'SUSPENDED'),
        app('a-deleting', 'DELETING'),
      ],
    });
    const badge = async (name: string, label: string) =>
      within(await appCard(name))
        .getByText(label)
        .closest('span');
    expect(await badge('a-running', 'En ligne')).toHaveClass('bg-green-100');
    expect(await badge('a-deployed', 'Déployé')).toHaveClass('bg-green-100');
    expect(await badge('a-healthy', 'Opérationnel')).toHaveClass('bg-green-100');
    expect(await badge('a-lower', 'En ligne')).toHaveClass('bg-green-100');
    expect(await badge('a-failed', 'Échec')).toHaveClass('bg-red-100');
    expect(await badge('a-pending', 'En attente')).toHaveClass('bg-amber-100');
    expect(await badge('a-building', 'Construction')).toHaveClass('bg-amber-100');
    expect(await badge('a-deploying', 'Déploiement en cours')).toHaveClass('bg-amber-100');
    expect(await badge('a-other', 'Suspendu')).toHaveClass('bg-amber-100');
    expect(await badge('a-deleting', 'Suppression en cours')).toHaveClass('bg-amber-100');
  });

  it('refreshes about every 3 s while an application is not settled, then stops', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const view = renderPage({ deployments: [deployment({ statut_deploiement: 'PENDING' })] });
    await appCard('blog-dakar');
    expect(view.api.callsTo('GET', listPath)).toHaveLength(1);
    view.api.on('GET', listPath, { body: [deployment({ statut_deploiement: 'RUNNING' })] });
    act(() => void vi.advanceTimersByTime(3000));
    await waitFor(() => expect(view.api.callsTo('GET', listPath)).toHaveLength(2));
    await within(await appCard('blog-dakar')).findByText('En ligne');
    act(() => void vi.advanceTimersByTime(10_000));
    expect(view.api.callsTo('GET', listPath)).toHaveLength(2);
  });

  it('says so when the environment has no application', async () => {
    renderPage({ deployments: [] });
    expect(await screen.findByRole('heading', { name: 'Aucune application' })).toBeVisible();
  });

  it("shows 'Environnement non trouvé' and asks nothing more", async () => {
    const view = renderPage();
    view.api.on('GET', `/environments/${env.id}`, {
      status: 404,
      body: { detail: 'Environnement non trouvé' },
    });
    expect(await screen.findByRole('heading', { name: 'Environnement non trouvé' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Retour aux projets/ })).toHaveAttribute(
      'href',
      '/projects',
    );
    expect(view.api.callsTo('GET', listPath)).toHaveLength(0);
  });

  it("hides deploying from the 'user' role", async () => {
    renderPage({ project: buildProject({ role_projet: 'user' }) });
    await appCard('blog-dakar');
    await screen.findByRole('link', { name: project.nom });
    expect(screen.queryByRole('link', { name: /Nouvelle application/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Déploiement rapide/ })).toBeNull();
  });

  it("shows the shell's simulation banner only when the platform simulates", async () => {
    renderPage({ simulation: true });
    expect(
      await screen.findByText("Mode simulation : aucune application réelle n'est déployée"),
    ).toBeVisible();
  });

  it('shows no simulation banner on a real runtime', async () => {
    const view = renderPage({ simulation: false });
    await appCard('blog-dakar');
    await waitFor(() => expect(view.api.callsTo('GET', '/platform')).toHaveLength(1));
    expect(screen.queryByText(/Mode simulation/)).toBeNull();
  });
});

describe('inline deploy form (SPEC §5)', { timeout: 20_000 }, () => {
  it('offers ERP (default) and CODE (issue 13); tag defaults to latest', async () => {
    const view = renderPage();
    const form = await openInlineForm(view);
    const type = within(form).getByLabelText('Type');
    expect(type).toHaveValue('ERP');
    expect(within(type).getByRole('option', { name: /CODE/ })).toBeEnabled();
    expect(within(form).getByLabelText('Tag')).toHaveValue('latest');
    expect(within(form).getByLabelText('CPU (cores)')).toHaveValue(0.5);
    expect(within(form).getByLabelText('RAM (GB)')).toHaveValue(1);
    expect(within(form).getByLabelText('Instances')).toHaveValue(1);
  });

  it('validates every field with the SPEC texts and sends nothing', async () => {
    const view = renderPage();
    const form = await openInlineForm(view);
    const f = (label: string) => within(form).getByLabelText(label);
    for (const [label, value] of [
      ['CPU (cores)', '0.05'],
      ['RAM (GB)', '0.4'],
      ['Instances', '0'],
      ['Tag', ''],
    ] as const) {
      await view.user.clear(f(label));
      if (value) await view.user.type(f(label), value);
    }
    await view.user.click(within(form).getByRole('button', { name: 'Déployer' }));
    expect(f("Nom de l'application")).toHaveAccessibleDescription(m.nameRequired);
    expect(f('CPU (cores)')).toHaveAccessibleDescription(m.cpuMin);
    expect(f('RAM (GB)')).toHaveAccessibleDescription(m.ramMin);
    expect(f('Instances')).toHaveAccessibleDescription('Minimum 1 instance');
    expect(f('Image Docker')).toHaveAccessibleDescription("L'image Docker est requise");
    expect(f('Tag')).toHaveAccessibleDescription('Le tag est requis');
    expect(view.api.callsTo('POST', deployPath)).toHaveLength(0);
  });

  it('flags a name already used in the environment with the other errors, in one submit', async () => {
    const view = renderPage();
    const form = await openInlineForm(view);
    const f = (label: string) => within(form).getByLabelText(label);
    await view.user.type(f("Nom de l'application"), 'Blog-Dakar');
    await view.user.click(within(form).getByRole('button', { name: 'Déployer' }));
    expect(f("Nom de l'application")).toHaveAccessibleDescription(m.nameTaken);
    expect(f('Image Docker')).toHaveAccessibleDescription("L'image Docker est requise");
    expect(view.api.callsTo('POST', deployPath)).toHaveLength(0);
  });

  it('puts a name taken meanwhile (409) on the name field, not in a toast', async () => {
    const view = renderPage({ deployments: [] });
    view.api.on('POST', deployPath, { status: 409, body: { detail: m.nameTaken } });
    const form = await fillAndSubmit(view);
    await waitFor(() =>
      expect(within(form).getByLabelText("Nom de l'application")).toHaveAccessibleDescription(
        m.nameTaken,
      ),
    );
    expect(toastTexts()).toEqual([]);
  });

  async function fillAndSubmit(view: ReturnType<typeof renderPage>) {
    const form = await openInlineForm(view);
    await view.user.type(within(form).getByLabelText("Nom de l'application"), 'boutique');
    await view.user.type(within(form).getByLabelText('Image Docker'), 'docker.io/library/odoo');
    await view.user.click(within(form).getByRole('button', { name: 'Déployer' }));
    return form;
  }

  it("deploys as 'ERP', says 'Application déployée avec succès !' and lists it", async () => {
    const view = renderPage({ deployments: [] });
    const created = deployment({ id: 'd2', nom: 'boutique', template_name: 'Odoo' });
    view.api.on('POST', deployPath, () => {
      view.api.on('GET', listPath, { body: [created] });
      return { status: 201, body: created };
    });
    await fillAndSubmit(view);
    await expectToast(deploySuccess.inlineDeployed);
    expect(view.api.callsTo('POST', deployPath)[0]!.body).toEqual({
      nom: 'boutique',
      cpu: 0.5,
      ram: 1,
      replicas: 1,
      type_application: 'ERP',
      image_registry_url: 'docker.io/library/odoo',
      image_tag: 'latest',
      certificat_tls_id: null,
      nom_domaine: null,
    });
    expect(await appCard('boutique')).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Déploiement rapide' })).toBeNull();
  });

  it("opens the same 'Quota insuffisant' modal on a quota refusal", async () => {
    const view = renderPage();
    view.api.on('POST', deployPath, {
      status: 400,
      body: {
        detail: {
          message: 'Ressources du projet insuffisantes pour cette application.',
          quota_exceeded: ['CPU : 4 core(s) demandé(s), 1 core(s) disponible(s) sur 2'],
          recommendations: [
            {
              type: 'increase_project_quota',
              resource: 'CPU',
              current_quota: 2,
              needed_increase: 3,
              suggested_quota: 5,
            },
          ],
          quota_details: { cpu_quota: 2, cpu_used: 1, ram_quota: 4, ram_used: 1 },
        },
      },
    });
    const form = await fillAndSubmit(view);
    const modal = await screen.findByRole('dialog', { name: quotaTexts.title });
    expect(modal).toHaveTextContent('Augmenter le quota CPU du projet de 2 à 5');
    expect(modal).toHaveTextContent('CPU1 / 2 cores');
    expect(modal).toHaveTextContent('RAM1 / 4 GB');
    expect(toastTexts()).toEqual([]);
    expect(form).toBeInTheDocument();
  });

  it('says a catalogue-image refusal (422) at « Image Docker », naming what can be done, not in a toast', async () => {
    const view = renderPage({ deployments: [] });
    view.api.on('POST', deployPath, {
      status: 422,
      body: {
        detail: [
          { loc: ['body', 'image_registry_url'], msg: m.imageNotInCatalogue, type: 'image' },
        ],
      },
    });
    const form = await openInlineForm(view);
    const f = (label: string) => within(form).getByLabelText(label);
    await view.user.type(f("Nom de l'application"), 'serveur');
    await view.user.type(f('Image Docker'), 'nginx');
    await view.user.click(within(form).getByRole('button', { name: 'Déployer' }));
    await waitFor(() =>
      expect(f('Image Docker')).toHaveAccessibleDescription(m.imageNotInCatalogue),
    );
    expect(f('Image Docker')).toHaveFocus();
    expect(m.imageNotInCatalogue).not.toMatch(/arrive avec le déploiement de code/);
    expect(m.imageNotInCatalogue).toMatch(/catalogue/);
    expect(m.imageNotInCatalogue).toMatch(/dépôt Git/);
    expect(toastTexts()).toEqual([]);
    // Choosing another image takes the refusal away.
    await view.user.clear(f('Image Docker'));
    await view.user.type(f('Image Docker'), 'docker.io/library/wordpress');
    expect(f('Image Docker')).not.toHaveAccessibleDescription(m.imageNotInCatalogue);
  });

  it('says each refused field (422) at its field, and what has no field in a toast', async () => {
    const view = renderPage({ deployments: [] });
    view.api.on('POST', deployPath, {
      status: 422,
      body: {
        detail: [
          { loc: ['body', 'cpu'], msg: 'Maximum 8 cores', type: 'too_big' },
          { loc: ['body', 'image_tag'], msg: 'Tag inconnu', type: 'tag' },
          { loc: ['body'], msg: 'Requête refusée', type: 'other' },
        ],
      },
    });
    const form = await fillAndSubmit(view);
    const f = (label: string) => within(form).getByLabelText(label);
    await waitFor(() => expect(f('CPU (cores)')).toHaveAccessibleDescription('Maximum 8 cores'));
    expect(f('Tag')).toHaveAccessibleDescription('Tag inconnu');
    await expectToast('Requête refusée');
    expect(toastTexts()).toEqual(['Requête refusée']);
  });

  it('shows no message on blur: the first press of « Déployer » submits and shows it (issue 33 item 4)', async () => {
    const view = renderPage({ deployments: [] });
    const form = await openInlineForm(view);
    const f = (label: string) => within(form).getByLabelText(label);
    let submits = 0;
    form.addEventListener('submit', () => submits++);
    await view.user.clear(f('Instances'));
    await view.user.type(f('Instances'), '0');
    await view.user.tab();
    // Nothing appears on leaving the field, so nothing moves the button about to be pressed.
    expect(within(form).queryByText(m.replicasMinInline)).toBeNull();
    await view.user.click(within(form).getByRole('button', { name: 'Déployer' }));
    expect(submits).toBe(1);
    expect(f('Instances')).toHaveAccessibleDescription(m.replicasMinInline);
    // Corrected, it is valid again as it is typed (not at the next blur).
    await view.user.clear(f('Instances'));
    await view.user.type(f('Instances'), '1');
    expect(within(form).queryByText(m.replicasMinInline)).toBeNull();
  });

  it("shows 'Erreur lors du déploiement' when the server gives no detail", async () => {
    const view = renderPage();
    view.api.on('POST', deployPath, { status: 500 });
    await fillAndSubmit(view);
    await expectToast(deployErrors.deploy);
  });

  describe('CODE (issue 13)', () => {
    const codePath = `/deployments/${env.id}/deploy/code`;
    const REPO = 'https://git.exemple.sn/boutique/api.git';

    async function chooseCode(view: ReturnType<typeof renderPage>) {
      const form = await openInlineForm(view);
      await view.user.selectOptions(within(form).getByLabelText('Type'), 'CODE');
      return form;
    }

    it('asks for the repository URL and the branch instead of an image', async () => {
      const view = renderPage();
      const form = await chooseCode(view);
      const f = (label: string) => within(form).getByLabelText(label);
      expect(within(form).queryByLabelText('Image Docker')).toBeNull();
      expect(f('Branche')).toHaveValue('main');
      await view.user.type(f("Nom de l'application"), 'api');
      await view.user.clear(f('Branche'));
      await view.user.click(within(form).getByRole('button', { name: 'Déployer' }));
      expect(f('URL du dépôt')).toHaveAccessibleDescription(m.repositoryRequired);
      expect(f('Branche')).toHaveAccessibleDescription(codeDeployMessages.branchRequired);
      expect(view.api.callsTo('POST', codePath)).toHaveLength(0);
    });

    it('sends the inline deploy/code body, then opens the application page for its first build', async () => {
      const view = renderPage();
      view.api.on('POST', codePath, (req) => ({
        status: 201,
        body: {
          ...deployment({ id: 'd-code', nom: (req.body as { nom: string }).nom }),
          build_id: 'b1',
        },
      }));
      const form = await chooseCode(view);
      const f = (label: string) => within(form).getByLabelText(label);
      await view.user.type(f("Nom de l'application"), 'api');
      await view.user.type(f('URL du dépôt'), REPO);
      await view.user.selectOptions(f('Langage'), 'Python');
      await view.user.click(within(form).getByRole('button', { name: 'Déployer' }));
      await expectToast('Application créée : son premier build est lancé.');
      expect(view.api.callsTo('POST', codePath)[0]!.body).toEqual({
        nom: 'api',
        cpu: 0.5,
        ram: 1,
        replicas: 1,
        type_application: 'python',
        git_branch: 'main',
        build_args: {},
        helm_chart_version: '1.0.0',
        repo_url: REPO,
        repository_access: null,
        image_registry_url: null,
        image_tag: null,
        certificat_tls_id: null,
        nom_domaine: null,
      });
      await waitFor(() => expect(view.router.state.location.pathname).toBe('/deployment/d-code'));
    });

    it("shows the server's refusal of the repository at the URL field, keeping what was typed", async () => {
      const view = renderPage();
      view.api.on('POST', codePath, {
        status: 422,
        body: { detail: 'Repository injoignable : vérifiez son URL (https://…).' },
      });
      const form = await chooseCode(view);
      const f = (label: string) => within(form).getByLabelText(label);
      await view.user.type(f("Nom de l'application"), 'api');
      await view.user.type(f('URL du dépôt'), REPO);
      await view.user.click(within(form).getByRole('button', { name: 'Déployer' }));
      await waitFor(() =>
        expect(f('URL du dépôt')).toHaveAccessibleDescription(
          'Repository injoignable : vérifiez son URL (https://…).',
        ),
      );
      expect(f('URL du dépôt')).toHaveValue(REPO);
      expect(toastTexts()).toEqual([]);
    });

    describe('private repository', () => {
      const tokensPath = `/projects/${project.id}/git-tokens`;
      const TOKEN_ID = '5a0f3c1e-1111-4a2b-8c3d-000000000001';
      const tokens = [
        {
          id: TOKEN_ID,
          nom: 'GitHub équipe',
          created_at: '2024-05-02T09:00:00.000Z',
          last_used_at: null,
        },
      ];

      it("asks for one of the project's tokens ('Token requis pour un dépôt privé')", async () => {
        const view = renderPage();
        view.api.on('GET', tokensPath, { body: tokens });
        const form = await chooseCode(view);
        const f = (label: string) => within(form).getByLabelText(label);
        expect(within(form).queryByLabelText('Token Git')).toBeNull();
        await view.user.type(f("Nom de l'application"), 'api');
        await view.user.type(f('URL du dépôt'), REPO);
        await view.user.selectOptions(f('Accès au dépôt'), 'private');
        await within(form).findByRole('option', { name: 'GitHub équipe' });
        await view.user.click(within(form).getByRole('button', { name: 'Déployer' }));
        expect(f('Token Git')).toHaveAccessibleDescription(m.tokenRequired);
        expect(view.api.callsTo('POST', codePath)).toHaveLength(0);
      });

      it('sends repository_access { repository_url, git_token_id } and shows a refused token at its field', async () => {
        const view = renderPage();
        const refusal =
          'Accès refusé au repository : le token est invalide ou n’a pas les droits de lecture.';
        view.api.on('GET', tokensPath, { body: tokens }).on('POST', codePath, {
          status: 422,
          body: {
            detail: [
              { loc: ['body', 'repository_access', 'git_token_id'], msg: refusal, type: 'auth' },
            ],
          },
        });
        const form = await chooseCode(view);
        const f = (label: string) => within(form).getByLabelText(label);
        await view.user.type(f("Nom de l'application"), 'api');
        await view.user.type(f('URL du dépôt'), REPO);
        await view.user.selectOptions(f('Accès au dépôt'), 'private');
        await within(form).findByRole('option', { name: 'GitHub équipe' });
        await view.user.selectOptions(f('Token Git'), 'GitHub équipe');
        await view.user.click(within(form).getByRole('button', { name: 'Déployer' }));
        await waitFor(() => expect(f('Token Git')).toHaveAccessibleDescription(refusal));
        expect(view.api.callsTo('POST', codePath)[0]!.body).toMatchObject({
          repo_url: null,
          repository_access: { repository_url: REPO, git_token_id: TOKEN_ID },
        });
      });

      it('points to the project page when the project has no token', async () => {
        const view = renderPage();
        view.api.on('GET', tokensPath, { body: [] });
        const form = await chooseCode(view);
        await view.user.selectOptions(within(form).getByLabelText('Accès au dépôt'), 'private');
        expect(
          await within(form).findByRole('link', { name: 'ajoutez-en un sur la page du projet' }),
        ).toHaveAttribute('href', `/projects/${project.id}`);
      });
    });
  });
});
