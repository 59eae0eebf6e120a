import type { DashboardResponse } from '@nuage/shared/dashboard-types';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildApp,
  buildDashboard,
  buildDashboardEnvironment,
  buildDashboardProject,
} from '@/test/operations-fixtures';
import { buildEnvironment, buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast } from '@/test/toasts';
import { buildDetail } from './deployment-detail/testing/detail-fixture';
import StatusRoute from './status';

function seeded(): DashboardResponse {
  return buildDashboard({
    projects: [
      buildDashboardProject({
        id: 'p1',
        nom: 'Boutique Dakar',
        environments: [
          buildDashboardEnvironment({
            id: 'env-1',
            nom: 'production',
            applications: [
              buildApp({
                id: 'a1',
                nom: 'site',
                statut_deploiement: 'RUNNING',
                replicas: 2,
                replicas_pretes: 1,
              }),
              buildApp({ id: 'a2', nom: 'erp', statut_deploiement: 'FAILED', replicas_pretes: 0 }),
              buildApp({
                id: 'a3',
                nom: 'blog',
                statut_deploiement: 'PENDING',
                replicas_pretes: 0,
              }),
            ],
          }),
          buildDashboardEnvironment({
            id: 'env-2',
            nom: 'dev',
            type: 'dev',
            status: {
              status: 'failed',
              message: 'Namespace refusé',
              gitlab_config: { created: false },
            },
            applications: [],
          }),
        ],
      }),
    ],
  });
}

function renderStatus(answer: DashboardResponse = seeded()) {
  const view = renderRoute(<StatusRoute />, { path: '/status', user: buildUser() });
  view.api.on('GET', '/dashboard', { body: answer });
  return view;
}

const appRow = (name: string) => screen.getByRole('listitem', { name });
const badgeIn = (el: HTMLElement, label: string) => within(el).getByText(label).closest('span');

describe('/status', () => {
  it('shows the totals and a card per project, environment and application', async () => {
    renderStatus();
    await screen.findByTestId('status-ready');
    const totals = screen.getByRole('region', { name: 'Totaux' });
    const total = (label: string) => within(totals).getByText(label).nextElementSibling;
    expect(total('Projets')).toHaveTextContent('1');
    expect(total('Environnements')).toHaveTextContent('2');
    expect(total('Applications')).toHaveTextContent('3');
    expect(total('Actives')).toHaveTextContent('1');
    expect(total('En échec')).toHaveTextContent('1');
    const project = screen.getByRole('region', { name: 'Boutique Dakar' });
    expect(badgeIn(project, 'Incident')).toHaveClass('bg-red-100');
    expect(within(project).getByRole('article', { name: 'production' })).toBeVisible();
    expect(within(project).getByRole('link', { name: 'site' })).toHaveAttribute(
      'href',
      '/deployment/a1',
    );
  });

  it('loads from the one aggregated read, whatever the number of applications', async () => {
    const { api } = renderStatus();
    await screen.findByTestId('status-ready');
    expect(api.calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
      'GET /dashboard',
      'GET /users/me',
    ]);
  });

  it('colours applications and environments as SPEC §4 says', async () => {
    renderStatus();
    await screen.findByTestId('status-ready');
    expect(badgeIn(appRow('site'), 'En ligne')).toHaveClass('bg-green-100');
    expect(appRow('site')).toHaveTextContent('1 instance prête sur 2');
    expect(badgeIn(appRow('erp'), 'Échec')).toHaveClass('bg-red-100');
    expect(badgeIn(appRow('blog'), 'En attente')).toHaveClass('bg-amber-100');
    expect(badgeIn(screen.getByRole('article', { name: 'production' }), 'Actif')).toHaveClass(
      'bg-green-100',
    );
    expect(badgeIn(screen.getByRole('article', { name: 'dev' }), 'Échec')).toHaveClass(
      'bg-red-100',
    );
  });

  it("shows 'Status indisponible' when the read fails, and retries", async () => {
    const { api, user } = renderStatus();
    api.on('GET', '/dashboard', { status: 500, body: {} });
    expect(await screen.findByText('Status indisponible', { selector: 'p' })).toBeVisible();
    await expectToast('Status indisponible');
    api.on('GET', '/dashboard', { body: seeded() });
    await user.click(screen.getByRole('button', { name: /Réessayer/ }));
    expect(await screen.findByTestId('status-ready')).toBeVisible();
  });

  it("'Actualiser' reads everything again", async () => {
    const { api, user } = renderStatus();
    await screen.findByTestId('status-ready');
    const next = seeded();
    next.projects[0]!.environments[0]!.applications[2]!.statut_deploiement = 'RUNNING';
    api.on('GET', '/dashboard', { body: next });
    await user.click(screen.getByRole('button', { name: /^Actualiser$/ }));
    await expectToast('Status actualisé');
    await waitFor(() => expect(badgeIn(appRow('blog'), 'En ligne')).toHaveClass('bg-green-100'));
  });

  it('refreshes one application card from its own endpoint, and only that card', async () => {
    const { api, user } = renderStatus();
    await screen.findByTestId('status-ready');
    expect(appRow('blog')).toHaveTextContent('0 instance prête sur 1');
    api.on('GET', '/deployments/deployment/a3', {
      body: buildDetail({
        id: 'a3',
        nom: 'blog',
        statut_deploiement: 'RUNNING',
        replicas: 2,
        pods_status: [
          { name: 'blog-simule-g1-0', status: 'Running', ready: true, restarts: 0 },
          { name: 'blog-simule-g1-1', status: 'Running', ready: true, restarts: 0 },
          { name: 'blog-db-simule-0', status: 'Running', ready: true, restarts: 0 },
        ],
      }),
    });
    await user.click(within(appRow('blog')).getByRole('button', { name: 'Actualiser blog' }));
    await waitFor(() => expect(badgeIn(appRow('blog'), 'En ligne')).toHaveClass('bg-green-100'));
    // The detail's pods counted as the dashboard counts them: the database's pod left out.
    expect(appRow('blog')).toHaveTextContent('2 instances prêtes sur 2');
    expect(api.callsTo('GET', '/dashboard')).toHaveLength(1);
    const totals = screen.getByRole('region', { name: 'Totaux' });
    expect(within(totals).getByText('Actives').nextElementSibling).toHaveTextContent('2');
  });

  it('drops an application that was deleted meanwhile', async () => {
    const { api, user } = renderStatus();
    await screen.findByTestId('status-ready');
    api.on('GET', '/deployments/deployment/a2', {
      status: 404,
      body: { detail: 'Application introuvable' },
    });
    await user.click(within(appRow('erp')).getByRole('button', { name: 'Actualiser erp' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'erp' })).not.toBeInTheDocument(),
    );
  });

  it('refreshes an environment card from its status and its applications', async () => {
    const { api, user } = renderStatus();
    await screen.findByTestId('status-ready');
    api
      .on('GET', '/environments/env-2/status', {
        body: { status: 'active', message: null, gitlab_config: { created: true } },
      })
      .on('GET', '/deployments/env-2/deployments', { body: [{ id: 'a9' }] })
      .on('GET', '/deployments/deployment/a9', { body: buildDetail({ id: 'a9', nom: 'api' }) });
    const dev = screen.getByRole('article', { name: 'dev' });
    await user.click(within(dev).getByRole('button', { name: "Actualiser l'environnement dev" }));
    await waitFor(() => expect(badgeIn(dev, 'Actif')).toHaveClass('bg-green-100'));
    expect(within(dev).getByRole('listitem', { name: 'api' })).toBeVisible();
    expect(api.callsTo('GET', '/dashboard')).toHaveLength(1);
  });

  it('refreshes a project card from its own endpoints', async () => {
    const { api, user } = renderStatus();
    await screen.findByTestId('status-ready');
    api
      .on('GET', '/projects/p1', { body: buildProject({ id: 'p1', nom: 'Boutique Dakar' }) })
      .on('GET', '/environments/p1/environments', {
        body: [buildEnvironment({ id: 'env-1', nom: 'production' })],
      })
      .on('GET', '/deployments/env-1/deployments', { body: [{ id: 'a1' }] })
      .on('GET', '/deployments/deployment/a1', { body: buildDetail({ id: 'a1', nom: 'site' }) });
    const project = screen.getByRole('region', { name: 'Boutique Dakar' });
    await user.click(
      within(project).getByRole('button', { name: 'Actualiser le projet Boutique Dakar' }),
    );
    await waitFor(() => expect(badgeIn(project, 'Opérationnel')).toHaveClass('bg-green-100'));
    expect(within(project).queryByRole('article', { name: 'dev' })).not.toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Totaux' });
    expect(within(totals).getByText('Applications').nextElementSibling).toHaveTextContent('1');
  });
});
