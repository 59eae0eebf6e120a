import type { DashboardResponse } from '@nuage/shared/dashboard-types';
import type { AccountMetricsHistory } from '@nuage/shared/schemas/responses/metrics-history';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred } from '@/test/fake-api';
import {
  buildApp,
  buildDashboard,
  buildDashboardEnvironment,
  buildDashboardProject,
  buildMonthCosts,
  buildProjectCost,
  summaryOf,
} from '@/test/operations-fixtures';
import { buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast } from '@/test/toasts';
import DashboardRoute from './dashboard';

function renderDashboard(answer: DashboardResponse | (() => Promise<DashboardResponse>)) {
  const view = renderRoute(<DashboardRoute />, { path: '/dashboard', user: buildUser() });
  view.api
    .on('GET', '/platform', { body: { runtime: 'simulation', simulation: false, banner: null } })
    .on('GET', '/dashboard/summary', async () => ({
      body: summaryOf(typeof answer === 'function' ? await answer() : answer),
    }))
    .on('GET', '/dashboard/metrics/history', { body: accountHistory });
  return view;
}

/** Three 5-minute points of two applications together, against 1.5 cores and 3 GB reserved. */
const accountHistory: AccountMetricsHistory = {
  range: '24h',
  resolution: '5m',
  step_seconds: 300,
  simulated: false,
  applications: 2,
  limits: { cpu_milli: 1500, ram_mb: 3000 },
  series: {
    at: [1_764_000_000, 1_764_000_300, 1_764_000_600],
    cpu_milli: [200, 900, 400],
    ram_mb: [800, 1200, 1000],
  },
};

const costsCard = () => screen.getByRole('region', { name: 'Coûts du mois' });

/** Two projects: 2 + 2 cores and 4 + 4 GB of quota; two RUNNING apps, one FAILED. */
function seeded() {
  const p1 = buildProject({
    id: 'p1',
    nom: 'Boutique Dakar',
    quota_cpu: 2,
    quota_ram: 4,
    quota_stockage: 50,
  });
  const p2 = buildProject({
    id: 'p2',
    nom: 'Cabinet Thiès',
    quota_cpu: 2,
    quota_ram: 4,
    quota_stockage: 50,
  });
  return buildDashboard({
    projects: [
      buildDashboardProject({
        ...p1,
        environments: [
          buildDashboardEnvironment({
            applications: [
              buildApp({ id: 'a1', cpu_requis: 0.5, ram_requise: 1, replicas: 2 }),
              buildApp({ id: 'a2', statut_deploiement: 'FAILED', cpu_requis: 1, ram_requise: 2 }),
            ],
          }),
        ],
      }),
      buildDashboardProject({
        ...p2,
        environments: [
          buildDashboardEnvironment({
            id: 'env-2',
            applications: [buildApp({ id: 'a3', cpu_requis: 1, ram_requise: 0.5 })],
          }),
          buildDashboardEnvironment({ id: 'env-3', nom: 'dev', type: 'dev', applications: [] }),
        ],
      }),
    ],
    costs: {
      total_monthly_cost: 60000,
      total_yearly_cost: 720000,
      total_monthly_cost_base: 91.6,
      projects_count: 2,
      applications_count: 3,
      currency: 'XOF',
      projects: [
        buildProjectCost({
          project_id: 'p1',
          project_name: 'Boutique Dakar',
          monthly_cost: 42708,
          applications_count: 2,
          apercus: { nombre: 1, cout_mensuel_xof: 6747 },
        }),
        buildProjectCost({
          project_id: 'p2',
          project_name: 'Cabinet Thiès',
          monthly_cost: 17292,
          applications_count: 1,
        }),
      ],
      trend: {
        current_month: '2025-03',
        previous_month: '2025-02',
        previous_monthly_cost: 50000,
        change_percent: 20,
      },
      month: buildMonthCosts({ resources_consumed_xof: 18_000, projected_xof: 72_500 }),
    },
  });
}

describe('/dashboard', () => {
  it('shows the welcome line and the four quick actions', async () => {
    renderDashboard(seeded());
    expect(await screen.findByRole('heading', { name: 'Bienvenue, Awa !' })).toBeVisible();
    const actions = screen.getByRole('region', { name: 'Actions rapides' });
    const link = (name: string) => within(actions).getByRole('link', { name });
    expect(link('Gérer : Projets')).toHaveAttribute('href', '/projects');
    expect(link('Voir Status : Status')).toHaveAttribute('href', '/status');
    expect(within(actions).getByRole('link', { name: /Certificats/ })).toHaveAttribute(
      'href',
      '/certificates',
    );
    expect(link('Commencer : Nouveau')).toHaveAttribute('href', '/projects');
  });

  it('shows the counts, the usage bars of SPEC §9 and links to /status', async () => {
    renderDashboard(seeded());
    const overview = await screen.findByRole('region', { name: "Vue d'ensemble" });
    const count = (label: string) => within(overview).getByText(label).nextElementSibling;
    expect(count('Projets')).toHaveTextContent('2');
    expect(count('Environnements')).toHaveTextContent('3');
    expect(count('Applications')).toHaveTextContent('3');
    expect(count('Applications actives')).toHaveTextContent('2');
    expect(within(overview).getByRole('link', { name: /Dashboard Complet/ })).toHaveAttribute(
      'href',
      '/status',
    );
    // Active only: 0.5×2 + 1 = 2 cores of 4 (50 %); 1×2 + 0.5 = 2.5 GB of 8 (31.3 %);
    // 2 × 5 GB = 10 GB of 100 (10 %); 2 × 15 % bandwidth.
    const bar = (name: string) => screen.getByRole('progressbar', { name });
    expect(bar('CPU')).toHaveAttribute('aria-valuenow', '50');
    expect(bar('CPU')).toHaveAttribute('aria-valuetext', '2 / 4 cores (50 %)');
    expect(bar('RAM')).toHaveAttribute('aria-valuenow', '31.3');
    expect(bar('RAM')).toHaveAttribute('aria-valuetext', '2,5 / 8 GB (31,3 %)');
    expect(bar('Stockage')).toHaveAttribute('aria-valuenow', '10');
    expect(bar('Bande passante (estimation)')).toHaveAttribute('aria-valuenow', '30');
  });

  it('loads in three requests besides /platform (its graphs’ one), whatever the number of applications', async () => {
    const many = buildDashboard({
      projects: Array.from({ length: 20 }, (_, p) =>
        buildDashboardProject({
          id: `p${p}`,
          environments: Array.from({ length: 4 }, (_, e) =>
            buildDashboardEnvironment({
              id: `p${p}-e${e}`,
              applications: Array.from({ length: 5 }, (_, a) =>
                buildApp({ id: `p${p}-e${e}-a${a}` }),
              ),
            }),
          ),
        }),
      ),
    });
    const { api } = renderDashboard(many);
    await screen.findByTestId('dashboard-ready');
    expect(screen.getByRole('region', { name: "Vue d'ensemble" })).toHaveTextContent('400');
    // With its graphs: their one read, whatever the number of applications too.
    await screen.findByText('Processeur (millicœurs)');
    const paths = api.calls.map((c) => `${c.method} ${c.path}`);
    expect(paths.filter((p) => p !== 'GET /platform').sort()).toEqual([
      'GET /dashboard/metrics/history',
      'GET /dashboard/summary',
      'GET /users/me',
    ]);
    expect(paths.length).toBeLessThanOrEqual(4);
  });

  it('draws what the applications used together against what they reserve, per period', async () => {
    const { api } = renderDashboard(seeded());
    const card = await screen.findByRole('region', { name: 'Ressources utilisées' });
    await within(card).findByText(
      'Vos 2 applications en service ensemble, face à ce qu’elles réservent',
    );
    await screen.findByRole('img', { name: 'Processeur : pic de 900 sur la période, limite 1500' });
    expect(
      screen.getByRole('img', { name: 'Mémoire : pic de 1200 sur la période, limite 3000' }),
    ).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: '7 j' }));
    await waitFor(() =>
      expect(
        api.calls.some(
          (c) => c.path === '/dashboard/metrics/history' && c.query.get('range') === '7d',
        ),
      ).toBe(true),
    );
  });
});

describe('the monthly costs card (SPEC §4 "Usage card")', () => {
  it('shows its loading state until the read answers', async () => {
    const gate = deferred();
    renderDashboard(async () => {
      await gate.promise;
      return seeded();
    });
    expect(
      await within(await screen.findByRole('region', { name: 'Coûts du mois' })).findByText(
        'Chargement des coûts…',
        { selector: 'div' },
      ),
    ).toBeVisible();
    gate.resolve();
    expect(await within(costsCard()).findByTestId('cost-projected')).toHaveTextContent(
      '72 500 XOF',
    );
  });

  it("shows the server's detail and 'Réessayer', which reads again", async () => {
    const { api, user } = renderDashboard(seeded());
    api.on('GET', '/dashboard/summary', {
      status: 503,
      body: { detail: 'Base de données indisponible.' },
    });
    const card = await screen.findByRole('region', { name: 'Coûts du mois' });
    expect(await within(card).findByText('Base de données indisponible.')).toBeVisible();
    api.on('GET', '/dashboard/summary', { body: summaryOf(seeded()) });
    await user.click(within(card).getByRole('button', { name: /Réessayer/ }));
    expect(await within(costsCard()).findByTestId('cost-projected')).toHaveTextContent(
      '72 500 XOF',
    );
  });

  it("says 'Erreur lors du chargement des coûts' when the server gives no detail", async () => {
    const { api } = renderDashboard(seeded());
    api.on('GET', '/dashboard/summary', { status: 500, body: {} });
    const card = await screen.findByRole('region', { name: 'Coûts du mois' });
    expect(await within(card).findByText('Erreur lors du chargement des coûts')).toBeVisible();
    expect(within(card).getByRole('button', { name: /Réessayer/ })).toBeVisible();
  });

  it("says 'Aucune donnée disponible' without any project", async () => {
    renderDashboard(
      buildDashboard({
        projects: [],
        costs: { ...seeded().costs, projects: [], total_monthly_cost: 0, total_yearly_cost: 0 },
      }),
    );
    const card = await screen.findByRole('region', { name: 'Coûts du mois' });
    expect(await within(card).findByText('Aucune donnée disponible')).toBeVisible();
  });

  it('shows the plan, the consumption, the projection, active projects, the most expensive one and the real trend', async () => {
    renderDashboard(seeded());
    const card = await screen.findByRole('region', { name: 'Coûts du mois' });
    expect(await within(card).findByTestId('cost-projected')).toHaveTextContent('72 500 XOF');
    // The billing card's three figures, labelled alike (month-story.tsx).
    expect(within(card).getByTestId('cost-plan')).toHaveTextContent(
      'Offre Découverte : prix fixe12 500 XOF / mois',
    );
    expect(within(card).getByTestId('cost-consumed')).toHaveTextContent(
      'Consommation de mars à ce jour18 000 XOF',
    );
    expect(within(card).getByText('Projection fin de mois')).toBeVisible();
    expect(within(card).getByText('Projets actifs').nextElementSibling).toHaveTextContent('2');
    expect(
      within(card).getByText('Projet le plus coûteux (ressources par mois entier)')
        .nextElementSibling,
    ).toHaveTextContent('Boutique Dakar (42 708 XOF)');
    expect(within(card).getByText('+20 % par rapport à février 2025')).toBeVisible();
  });

  it('says so when there is no previous month to compare with', async () => {
    const data = seeded();
    data.costs.trend = {
      current_month: '2025-03',
      previous_month: null,
      previous_monthly_cost: null,
      change_percent: null,
    };
    renderDashboard(data);
    expect(await screen.findByText('Pas encore de mois précédent pour comparer')).toBeVisible();
  });

  it("opens 'Détail des coûts par projet' with each project's usage, costs and fee", async () => {
    const { user } = renderDashboard(seeded());
    await user.click(
      await within(await screen.findByRole('region', { name: 'Coûts du mois' })).findByRole(
        'button',
        { name: 'Voir les détails' },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Détail des coûts par projet' });
    expect(
      within(dialog).getByText('Ressources par mois entier').nextElementSibling,
    ).toHaveTextContent('60 000 XOF');
    expect(within(dialog).getByText('Sur un an à ce rythme').nextElementSibling).toHaveTextContent(
      '720 000 XOF',
    );
    const boutique = within(dialog).getByRole('listitem', { name: 'Boutique Dakar' });
    expect(boutique).toHaveTextContent('p1');
    expect(boutique).toHaveTextContent('42 708 XOF');
    const cpu = within(boutique).getByRole('row', { name: /CPU/ });
    expect(cpu).toHaveTextContent('0,5 cores');
    expect(cpu).toHaveTextContent('6 550 XOF');
    expect(within(boutique).getByRole('row', { name: /RAM/ })).toHaveTextContent('5 240 XOF');
    expect(within(boutique).getByRole('row', { name: /Stockage/ })).toHaveTextContent('20 GB');
    expect(
      within(boutique).getByText('Coût des ressources :').nextElementSibling,
    ).toHaveTextContent('15 720 XOF');
    expect(
      within(boutique).getByText('Frais de plateforme :').nextElementSibling,
    ).toHaveTextContent('1 572 XOF');
    // Of which its pull requests' previews; a project without any says nothing of them.
    expect(
      within(boutique).getByText('Dont 1 aperçu de pull request :').nextElementSibling,
    ).toHaveTextContent('6 747 XOF');
    const cabinet = within(dialog).getByRole('listitem', { name: 'Cabinet Thiès' });
    expect(cabinet).not.toHaveTextContent('aperçu');
  });
});

describe('refreshing the dashboard', () => {
  it("reads again and says 'Dashboard actualisé'", async () => {
    const { api, user } = renderDashboard(seeded());
    await screen.findByTestId('dashboard-ready');
    await user.click(screen.getByRole('button', { name: /Actualiser/ }));
    await expectToast('Dashboard actualisé');
    await waitFor(() => expect(api.callsTo('GET', '/dashboard/summary')).toHaveLength(2));
  });
});

describe('/dashboard: backup failures', () => {
  it('lists every application whose latest backup failed, linked to its page', async () => {
    renderDashboard({
      ...seeded(),
      sauvegardes_en_echec: [
        {
          application_id: 'a1',
          application_nom: 'boutique',
          projet_nom: 'Boutique Dakar',
          operation: 'sauvegarde',
          erreur: 'Envoi vers le stockage S3 échoué (InvalidAccessKeyId)',
          date: '2025-03-10T02:00:00.000Z',
        },
      ],
    });
    expect(await screen.findByText('Une sauvegarde a échoué')).toBeVisible();
    expect(screen.getByRole('link', { name: 'boutique' })).toHaveAttribute(
      'href',
      '/deployment/a1',
    );
    expect(screen.getByText(/InvalidAccessKeyId/)).toBeVisible();
  });

  it('says nothing when every backup went well', async () => {
    renderDashboard(seeded());
    expect(await screen.findByRole('heading', { name: 'Bienvenue, Awa !' })).toBeVisible();
    expect(screen.queryByText(/sauvegardes? (a|ont) échoué/)).not.toBeInTheDocument();
  });
});
