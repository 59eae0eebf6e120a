import type { Bill } from '@nuage/shared/billing-types';
import { projectErrors, projectSuccess } from '@nuage/shared/messages';
import { planLimitTexts } from '@nuage/shared/plan-limit-texts';
import { priceResources, toXof } from '@nuage/shared/pricing';
import { projectMessages } from '@nuage/shared/schemas/projects';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatXof } from '@/lib/format';
import { buildPendingInvitation, buildProject, buildProjectPage } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast, toastTexts } from '@/test/toasts';
import ProjectsListRoute from './projects-list';

function renderList(projects = [buildProject()], pending = [] as unknown[]) {
  const view = renderRoute(<ProjectsListRoute />, { path: '/projects', user: buildUser() });
  view.api
    .on('GET', '/projects', { body: buildProjectPage(projects) })
    .on('GET', '/invitations/pending', { body: pending });
  return view;
}

const field = (label: RegExp) => screen.getByLabelText(label);
/** Testing Library reads fr-FR's narrow no-break spaces as plain ones. */
const asShown = (text: string) => text.replace(/\s/g, ' ');

async function openForm(user: ReturnType<typeof renderList>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Nouveau projet' }));
  return screen.getByRole('form', { name: 'Nouveau projet' });
}

function bill(owned: number, plan: Bill['plan'] = decouverte): Bill {
  return {
    plan,
    projects_owned: owned,
    period: {
      start: '2026-11-01T00:00:00.000Z',
      end: '2026-12-01T00:00:00.000Z',
      now: '2026-11-24T12:00:00.000Z',
    },
    resources_monthly_xof: 0,
    resources_consumed_xof: 0,
    resources_projected_xof: 0,
    projected_xof: plan.monthly_price_xof,
    applications_count: 0,
  };
}
const decouverte = {
  id: 'decouverte',
  name: 'Découverte',
  monthly_price_xof: 12_500,
  project_limit: 2,
} as const;

describe('/projects and the plan limit (issue 33 item 2)', () => {
  const two = [buildProject(), buildProject({ id: 'p2', nom: 'Cabinet Thiès' })];

  it('shows the projects owned against the plan limit, « 1/2 projets »', async () => {
    const { api } = renderList([buildProject()]);
    api.on('GET', '/billing', { body: bill(1) });
    expect(await screen.findByText('1/2 projets')).toBeVisible();
    expect(screen.getByText(/Offre Découverte/)).toBeVisible();
  });

  it('explains a reached limit with the way to upgrade when « Nouveau projet » is pressed, before any form', async () => {
    const { api, user } = renderList(two);
    api.on('GET', '/billing', { body: bill(2) });
    expect(await screen.findByText('2/2 projets')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Nouveau projet' }));
    const notice = screen.getByRole('region', { name: planLimitTexts.reachedTitle });
    expect(notice).toHaveTextContent(
      'Votre offre Découverte permet 2 projets au maximum et vous en possédez déjà 2.',
    );
    expect(notice).toHaveTextContent(/passez à l’offre Pro \(10 projets\) ou Enterprise/);
    expect(within(notice).getByRole('link', { name: /Changer d’offre/ })).toHaveAttribute(
      'href',
      '/profile#facturation',
    );
    expect(screen.queryByRole('form', { name: 'Nouveau projet' })).toBeNull();
    expect(api.callsTo('POST', '/projects')).toHaveLength(0);
    await user.click(within(notice).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('region', { name: planLimitTexts.reachedTitle })).toBeNull();
  });

  it('opens the form while places remain, and on an unlimited plan', async () => {
    const { api, user } = renderList(two);
    api.on('GET', '/billing', {
      body: bill(2, {
        id: 'enterprise',
        name: 'Enterprise',
        monthly_price_xof: 65_000,
        project_limit: null,
      }),
    });
    expect(await screen.findByText('2 projets, sans limite')).toBeVisible();
    await openForm(user);
    expect(screen.queryByRole('region', { name: planLimitTexts.reachedTitle })).toBeNull();
  });

  it('still lists the projects, without a count or a toast, when the plan cannot be read', async () => {
    const { api } = renderList([buildProject()]);
    api.on('GET', '/billing', { status: 500 });
    expect(await screen.findByRole('article', { name: 'Boutique Dakar' })).toBeVisible();
    await waitFor(() => expect(api.callsTo('GET', '/billing')).toHaveLength(1));
    expect(screen.queryByText(/projets$/)).toBeNull();
    expect(toastTexts()).toEqual([]);
  });
});

describe('/projects', () => {
  it("shows 'Aucun projet' when the user has none", async () => {
    renderList([]);
    expect(await screen.findByRole('heading', { name: 'Aucun projet' })).toBeVisible();
  });

  it('shows one card per project with its role, quotas, usage and links', async () => {
    renderList([
      buildProject(),
      buildProject({ id: 'p2', nom: 'Cabinet Thiès', role_projet: 'user', description: null }),
    ]);
    const card = await screen.findByRole('article', { name: 'Boutique Dakar' });
    expect(within(card).getByText('Administrateur')).toBeVisible();
    expect(within(card).getByText('0,5 / 2 cores')).toBeVisible();
    expect(within(card).getByText('1 / 4 GB')).toBeVisible();
    expect(within(card).getByText('10 / 50 GB')).toBeVisible();
    expect(within(card).getByRole('link', { name: /Détails du projet/ })).toHaveAttribute(
      'href',
      '/projects/0b6f2f8e-6a1e-4c55-9b3a-3f0c1d2e4a01',
    );
    expect(within(card).getByRole('link', { name: /Environnements/ })).toHaveAttribute(
      'href',
      '/environments/0b6f2f8e-6a1e-4c55-9b3a-3f0c1d2e4a01',
    );
    const other = screen.getByRole('article', { name: 'Cabinet Thiès' });
    expect(within(other).getByText('Utilisateur')).toBeVisible();
    expect(within(other).getByText('Aucune description')).toBeVisible();
  });

  it('shows the newest 20 projects, then the next ones on « Charger plus »', async () => {
    const all = Array.from({ length: 25 }, (_, i) =>
      buildProject({ id: `p${i + 1}`, nom: `Projet ${i + 1}` }),
    );
    const { user, api } = renderList();
    api.on('GET', '/projects', ({ query }) => {
      const offset = Number(query.get('offset'));
      const limit = Number(query.get('limit'));
      const projects = all.slice(offset, offset + limit);
      return {
        body: buildProjectPage(projects, {
          total: all.length,
          limit,
          offset,
          has_more: offset + projects.length < all.length,
        }),
      };
    });
    expect(await screen.findByRole('article', { name: 'Projet 20' })).toBeVisible();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(screen.getByText('20 projets affichés sur 25')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Charger plus' }));
    expect(await screen.findByRole('article', { name: 'Projet 25' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      all.map((p) => p.nom),
    );
    // The last page reached: nothing more to load, nor to count.
    expect(screen.queryByRole('button', { name: 'Charger plus' })).not.toBeInTheDocument();
    expect(screen.queryByText(/projets affichés sur/)).not.toBeInTheDocument();
    expect(
      api.callsTo('GET', '/projects').map((c) => [c.query.get('offset'), c.query.get('limit')]),
    ).toEqual([
      ['0', '20'],
      ['20', '20'],
    ]);
  });

  it('asks for the name and every quota of a new project (SPEC §5)', async () => {
    const { user, api } = renderList([]);
    await openForm(user);
    await user.clear(field(/Nom du projet/));
    await user.clear(field(/Quota CPU/));
    await user.clear(field(/Quota RAM/));
    await user.clear(field(/Quota stockage/));
    await user.click(screen.getByRole('button', { name: 'Créer le projet' }));
    expect(await screen.findByText(projectMessages.nomRequired)).toBeVisible();
    expect(screen.getByText(projectMessages.cpuRequired)).toBeVisible();
    expect(screen.getByText(projectMessages.ramRequired)).toBeVisible();
    expect(screen.getByText(projectMessages.storageRequired)).toBeVisible();
    expect(api.callsTo('POST', '/projects')).toHaveLength(0);
  });

  it('refuses quotas under the minimums: 0.1 core, 0.5 GB RAM, 1 GB storage', async () => {
    const { user, api } = renderList([]);
    await openForm(user);
    await user.type(field(/Nom du projet/), 'Boutique');
    await user.clear(field(/Quota CPU/));
    await user.type(field(/Quota CPU/), '0.05');
    await user.clear(field(/Quota RAM/));
    await user.type(field(/Quota RAM/), '0.4');
    await user.clear(field(/Quota stockage/));
    await user.type(field(/Quota stockage/), '0');
    await user.click(screen.getByRole('button', { name: 'Créer le projet' }));
    expect(await screen.findByText('Minimum 0.1 core')).toBeVisible();
    expect(screen.getByText('Minimum 0.5 GB')).toBeVisible();
    expect(screen.getByText('Minimum 1 GB')).toBeVisible();
    expect(api.callsTo('POST', '/projects')).toHaveLength(0);
  });

  it('creates the project, says so, and lists it', async () => {
    const { user, api } = renderList([]);
    const created = buildProject({ nom: 'Boutique', description: null, quota_cpu: 1.5 });
    api.on('POST', '/projects', () => {
      api.on('GET', '/projects', { body: buildProjectPage([created]) });
      return { status: 201, body: created };
    });
    await openForm(user);
    await user.type(field(/Nom du projet/), 'Boutique');
    await user.clear(field(/Quota CPU/));
    await user.type(field(/Quota CPU/), '1.5');
    // The price of the quota follows what is typed.
    const monthly = toXof(priceResources({ cpu: 1.5, ram: 2, storage: 10 }).monthly);
    expect(screen.getByText(asShown(formatXof(monthly)))).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Créer le projet' }));
    await expectToast(projectSuccess.projectCreated);
    expect(api.callsTo('POST', '/projects')[0]?.body).toEqual({
      nom: 'Boutique',
      description: null,
      quota_cpu: 1.5,
      quota_ram: 2,
      quota_stockage: 10,
    });
    expect(await screen.findByRole('article', { name: 'Boutique' })).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Nouveau projet' })).not.toBeInTheDocument();
  });

  it("shows the server's detail of a refused creation, else the default text", async () => {
    const { user, api } = renderList([]);
    api.on('POST', '/projects', { status: 500 });
    await openForm(user);
    await user.type(field(/Nom du projet/), 'Boutique');
    await user.click(screen.getByRole('button', { name: 'Créer le projet' }));
    await expectToast(projectErrors.projectCreate);

    api.on('POST', '/projects', { status: 400, body: { detail: 'Nom déjà utilisé.' } });
    await user.click(screen.getByRole('button', { name: 'Créer le projet' }));
    await expectToast('Nom déjà utilisé.');
    expect(field(/Nom du projet/)).toHaveValue('Boutique');
  });

  it("says 'Erreur lors du chargement des projets' when the list cannot load", async () => {
    const { api } = renderList();
    api.on('GET', '/projects', { status: 500 });
    await expectToast(projectErrors.projectsLoad);
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  });

  it("lists the user's pending invitations and accepts one, opening the project", async () => {
    const invitation = buildPendingInvitation();
    const { user, api, location } = renderList([], [invitation]);
    api.on('POST', `/invitations/pending/${invitation.id}/accept`, {
      body: {
        message: 'Vous avez rejoint le projet « Cabinet Thiès ».',
        projet_id: invitation.projet_id,
        user_created: false,
      },
    });
    const row = await screen.findByText('Cabinet Thiès');
    expect(row.closest('li')).toHaveTextContent('Rôle : Développeur · invité par Ibrahima Sarr');
    await user.click(screen.getByRole('button', { name: /Accepter/ }));
    await expectToast('Vous avez rejoint le projet « Cabinet Thiès ».');
    expect(
      await screen.findByRole('heading', { name: `Page /projects/${invitation.projet_id}` }),
    ).toBeVisible();
    expect(location().pathname).toBe(`/projects/${invitation.projet_id}`);
  });
});
