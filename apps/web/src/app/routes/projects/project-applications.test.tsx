import type { Environment, Project } from '@nuage/shared/api-types';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Deployment } from '@nuage/shared/api-types';
import { buildDeployment } from '@/test/deployment-fixture';
import { buildEnvironment, buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast } from '@/test/toasts';
import ProjectApplicationsRoute from './project-applications';

const project = buildProject();
const prod = buildEnvironment();
const staging = buildEnvironment({ id: 'env-staging', nom: 'staging', type: 'staging' });

function renderPage(
  opts: {
    project?: Project;
    environments?: Environment[];
    apps?: Record<string, Deployment[]>;
  } = {},
) {
  const view = renderRoute(<ProjectApplicationsRoute />, {
    url: `/project/${project.id}/applications`,
    path: '/project/:projectId/applications',
    user: buildUser(),
  });
  const envs = opts.environments ?? [prod, staging];
  view.api
    .on('GET', `/projects/${project.id}`, { body: opts.project ?? project })
    .on('GET', `/environments/${project.id}/environments`, { body: envs });
  const apps = opts.apps ?? {
    [prod.id]: [
      buildDeployment(),
      buildDeployment({
        id: 'dep-2',
        nom: 'erp',
        template: 'odoo',
        statut_deploiement: 'FAILED',
        nom_de_domaine: null,
      }),
    ],
    [staging.id]: [
      buildDeployment({
        id: 'dep-3',
        nom: 'blog',
        statut_deploiement: 'PENDING',
        date_deploiement: null,
      }),
      buildDeployment({
        id: 'dep-4',
        nom: 'api',
        template: 'python',
        statut_deploiement: 'SUSPENDED',
        repo_url: null,
      }),
    ],
  };
  for (const env of envs) {
    view.api.on('GET', `/deployments/${env.id}/deployments`, { body: apps[env.id] ?? [] });
  }
  return view;
}

const card = (name: string) => screen.findByRole('article', { name });
const row = (el: HTMLElement, label: string) =>
  within(el).getByText(label).nextElementSibling as HTMLElement;

describe('/project/{projectId}/applications', () => {
  it('shows the breadcrumb, the total, and a card per environment linking to its page', async () => {
    renderPage();
    const crumbs = await screen.findByRole('navigation', { name: "Fil d'Ariane" });
    expect(within(crumbs).getByRole('link', { name: 'Boutique Dakar' })).toHaveAttribute(
      'href',
      `/projects/${project.id}`,
    );
    expect(await screen.findByText('4 applications au total dans Boutique Dakar')).toBeVisible();
    const env = screen.getByRole('region', { name: 'staging' });
    expect(within(env).getByRole('link', { name: /Gérer les déploiements/ })).toHaveAttribute(
      'href',
      '/deployments/env-staging',
    );
  });

  it('shows each application with type, status, resources, repository, image, Helm, domain and date', async () => {
    renderPage();
    const app = await card('boutique');
    expect(within(app).getByText('WordPress')).toBeVisible();
    expect(within(app).getByText('En ligne').closest('span')).toHaveClass('bg-green-100');
    expect(row(app, 'CPU')).toHaveTextContent('0,5 cores');
    expect(row(app, 'RAM')).toHaveTextContent('1 GB');
    expect(row(app, 'Dépôt')).toHaveTextContent('N/A (Application ERP)');
    expect(row(app, 'Image')).toHaveTextContent('docker.io/library/wordpress:6.4-apache');
    expect(row(app, 'Version du modèle')).toHaveTextContent('1.0.0');
    expect(within(row(app, 'Domaine')).getByRole('link')).toHaveAttribute(
      'href',
      'https://boutique.exemple.sn',
    );
    expect(row(app, 'Déployé le')).toHaveTextContent('10 janvier 2025');
    expect(within(app).getByRole('link', { name: 'boutique' })).toHaveAttribute(
      'href',
      '/deployment/dep-1',
    );
  });

  it('labels statuses with the wording of every list, in their colours', async () => {
    renderPage();
    const badge = async (name: string, label: string) =>
      within(await card(name))
        .getByText(label)
        .closest('span');
    expect(await badge('boutique', 'En ligne')).toHaveClass('bg-green-100');
    expect(await badge('erp', 'Échec')).toHaveClass('bg-red-100');
    expect(await badge('blog', 'En attente')).toHaveClass('bg-amber-100');
    expect(await badge('api', 'Suspendu')).toHaveClass('bg-slate-100');
    expect(row(await card('blog'), 'Déployé le')).toHaveTextContent('Pas encore déployé');
  });

  it('applies the type and repository rules of SPEC §4', async () => {
    renderPage();
    const odoo = await card('erp');
    expect(within(odoo).getByText('Odoo')).toBeVisible();
    expect(row(odoo, 'Dépôt')).toHaveTextContent('N/A (Application ERP)');
    const python = await card('api');
    expect(within(python).getByText('Python')).toBeVisible();
    expect(row(python, 'Dépôt')).toHaveTextContent('N/A (URL non fournie)');
  });

  it('edits an application, and opens the quota dialog when the quota refuses', async () => {
    const { api, user } = renderPage();
    api.on('PUT', '/deployments/deployment/dep-1', {
      status: 400,
      body: {
        detail: {
          message: 'Quota du projet dépassé',
          quota_exceeded: ['RAM : 8 GB demandés, 3 disponibles'],
          recommendations: [],
          quota_details: { quota_ram: 4, used_ram: 1 },
        },
      },
    });
    await user.click(
      within(await card('boutique')).getByRole('button', { name: 'Modifier boutique' }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'application" });
    const ram = within(dialog).getByLabelText('RAM (GB)');
    await user.clear(ram);
    await user.type(ram, '8');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    const quota = await screen.findByRole('dialog', { name: 'Quota insuffisant' });
    expect(within(quota).getByText('RAM : 8 GB demandés, 3 disponibles')).toBeVisible();
    expect(api.callsTo('PUT', '/deployments/deployment/dep-1')[0]!.body).toMatchObject({
      ram_requise: 8,
    });
    await user.click(within(quota).getAllByRole('button', { name: 'Fermer' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    api.on('PUT', '/deployments/deployment/dep-1', { body: buildDeployment({ ram_requise: 2 }) });
    await user.click(
      within(await card('boutique')).getByRole('button', { name: 'Modifier boutique' }),
    );
    const again = await screen.findByRole('dialog', { name: "Modifier l'application" });
    await user.clear(within(again).getByLabelText('RAM (GB)'));
    await user.type(within(again).getByLabelText('RAM (GB)'), '2');
    await user.click(within(again).getByRole('button', { name: 'Enregistrer' }));
    await expectToast('Application modifiée avec succès !');
  });

  it("validates the edit with the API's schema", async () => {
    const { api, user } = renderPage();
    await user.click(
      within(await card('boutique')).getByRole('button', { name: 'Modifier boutique' }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'application" });
    const replicas = within(dialog).getByLabelText('Instances');
    await user.clear(replicas);
    await user.type(replicas, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Minimum 1 instance')).toBeVisible();
    expect(api.callsTo('PUT', '/deployments/deployment/dep-1')).toHaveLength(0);
  });

  it("hides the edit action from the 'user' role", async () => {
    renderPage({ project: buildProject({ role_projet: 'user' }) });
    const app = await card('boutique');
    expect(within(app).queryByRole('button', { name: /Modifier/ })).not.toBeInTheDocument();
  });

  it('without environments: a link to manage them', async () => {
    renderPage({ environments: [] });
    expect(await screen.findByRole('heading', { name: 'Aucun environnement' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Gérer les environnements' })).toHaveAttribute(
      'href',
      `/environments/${project.id}`,
    );
  });

  it('without applications: says so', async () => {
    renderPage({ apps: {} });
    expect(await screen.findByRole('heading', { name: 'Aucune application' })).toBeVisible();
    expect(screen.getByText('0 application au total dans Boutique Dakar')).toBeVisible();
  });

  it("shows 'Projet non trouvé' for an unknown project", async () => {
    const { api } = renderPage();
    api.on('GET', `/projects/${project.id}`, {
      status: 404,
      body: { detail: 'Projet non trouvé' },
    });
    expect(await screen.findByRole('heading', { name: 'Projet non trouvé' })).toBeVisible();
  });
});
