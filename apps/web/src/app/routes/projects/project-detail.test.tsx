import type { Project, ProjectMember } from '@nuage/shared/api-types';
import type { ProjectMonthCosts } from '@nuage/shared/billing-types';
import { projectSuccess, validation } from '@nuage/shared/messages';
import { priceResources, toXof } from '@nuage/shared/pricing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatXof } from '@/lib/format';
import {
  buildMember,
  buildOtherMember,
  buildProject,
  buildProjectInvitation,
} from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast } from '@/test/toasts';
import ProjectDetailRoute from './project-detail';

const project = buildProject();
const base = `/projects/${project.id}`;
const asShown = (text: string) => text.replace(/\s/g, ' ');

function renderDetail(
  opts: { project?: Project; members?: ProjectMember[]; invitations?: unknown[] } = {},
) {
  const p = opts.project ?? project;
  const view = renderRoute(<ProjectDetailRoute />, {
    url: base,
    path: '/projects/:projectId',
    user: buildUser(),
  });
  view.api
    .on('GET', base, { body: p })
    .on('GET', `${base}/members`, {
      body: opts.members ?? [buildMember({ role_projet: p.role_projet }), buildOtherMember()],
    })
    .on('GET', `${base}/invitations`, { body: opts.invitations ?? [] })
    .on('GET', `${base}/git-tokens`, { body: [] })
    .on('GET', `${base}/costs`, { body: costs });
  return view;
}

const costs: ProjectMonthCosts = {
  plan: { id: 'decouverte', name: 'Découverte', monthly_price_xof: 12_500, project_limit: 2 },
  paid_by_you: true,
  period: {
    start: '2026-11-01T00:00:00.000Z',
    end: '2026-12-01T00:00:00.000Z',
    now: '2026-11-24T12:00:00.000Z',
  },
  resources_consumed_xof: 3_275,
  resources_projected_xof: 4_193,
  full_quota_monthly_xof: toXof(priceResources({ cpu: 2, ram: 4, storage: 50 }).monthly),
};

const memberRow = (name: string) => screen.findByRole('listitem', { name });

describe('/projects/{projectId}', () => {
  it('shows the project: id, name, description, quotas with usage, estimated cost, date', async () => {
    renderDetail({ project: buildProject({ description: null }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Boutique Dakar' })).toBeVisible();
    expect(screen.getByText(project.id)).toBeVisible();
    expect(screen.getByText('Aucune description')).toBeVisible();
    expect(screen.getByText('2 mai 2024')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'CPU utilisé' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(screen.getByText('0,5 / 2 cores')).toBeVisible();
    expect(screen.getByText('10 / 50 GB')).toBeVisible();
    // « Coûts du projet »: the server's figures, each labelled for what it is.
    const card = await screen.findByRole('region', { name: 'Coûts du projet' });
    const text = asShown(
      await within(card)
        .findByTestId('cost-consumed')
        .then((e) => e.textContent ?? ''),
    );
    expect(text).toContain('Ce projet en novembre, à ce jour');
    expect(text).toContain(asShown(formatXof(3_275)));
    expect(within(card).getByTestId('cost-projected')).toHaveTextContent(asShown(formatXof(4_193)));
    expect(within(card).getByTestId('cost-plan')).toHaveTextContent('Offre Découverte : prix fixe');
    expect(within(card).getByTestId('cost-full-quota')).toHaveTextContent(
      asShown(`Si tout le quota était utilisé${formatXof(costs.full_quota_monthly_xof)} / mois`),
    );
  });

  it('links to the environments, the applications and the certificates', async () => {
    renderDetail();
    const nav = await screen.findByRole('navigation', { name: 'Raccourcis du projet' });
    expect(within(nav).getByRole('link', { name: /Environnements/ })).toHaveAttribute(
      'href',
      `/environments/${project.id}`,
    );
    expect(within(nav).getByRole('link', { name: /Applications/ })).toHaveAttribute(
      'href',
      `/project/${project.id}/applications`,
    );
    expect(within(nav).getByRole('link', { name: /Certificats/ })).toHaveAttribute(
      'href',
      '/certificates',
    );
  });

  it("shows 'Projet non trouvé' with a way back to /projects", async () => {
    const { api, user, location } = renderDetail();
    api.on('GET', base, { status: 404, body: { detail: 'Projet non trouvé' } });
    expect(await screen.findByRole('heading', { name: 'Projet non trouvé' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: /Retour aux projets/ }));
    expect(location().pathname).toBe('/projects');
  });

  it('hides every admin control from a plain user, who may only leave', async () => {
    const { api } = renderDetail({ project: buildProject({ role_projet: 'user' }) });
    const other = await memberRow('Moussa Fall');
    expect(within(other).getByText('Développeur')).toBeVisible();
    expect(within(other).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(other).queryByRole('button')).not.toBeInTheDocument();
    const me = await memberRow('Awa Diop');
    expect(within(me).getByRole('button', { name: 'Quitter le projet' })).toBeVisible();
    for (const name of ['Modifier', 'Supprimer', 'Inviter un membre'])
      expect(screen.queryByRole('button', { name: new RegExp(name) })).not.toBeInTheDocument();
    expect(api.callsTo('GET', `${base}/invitations`)).toHaveLength(0);
  });

  it("changes a member's role, and puts it back when the server refuses", async () => {
    const { api, user } = renderDetail();
    api.on('PUT', `${base}/members/${buildOtherMember().id}`, ({ body }) => ({
      body: buildOtherMember(body as Partial<ProjectMember>),
    }));
    const select = within(await memberRow('Moussa Fall')).getByRole('combobox', {
      name: 'Rôle de Moussa Fall',
    });
    expect(select).toHaveValue('developer');
    await user.selectOptions(select, 'admin');
    await expectToast(projectSuccess.memberRoleUpdated);
    expect(api.callsTo('PUT', `${base}/members/${buildOtherMember().id}`)[0]?.body).toEqual({
      role_projet: 'admin',
    });

    const lastAdmin = 'Le projet doit garder au moins un administrateur.';
    api.on('PUT', `${base}/members/${buildMember().id}`, {
      status: 400,
      body: { detail: lastAdmin },
    });
    const mine = within(await memberRow('Awa Diop')).getByRole('combobox');
    await user.selectOptions(mine, 'user');
    await expectToast(lastAdmin);
    expect(mine).toHaveValue('admin');
  });

  it('removes a member after confirmation', async () => {
    const { api, user } = renderDetail();
    const path = `${base}/members/${buildOtherMember().id}`;
    api.on('DELETE', path, () => {
      api.on('GET', `${base}/members`, { body: [buildMember()] });
      return { body: { message: 'Membre retiré du projet.' } };
    });
    await user.click(
      within(await memberRow('Moussa Fall')).getByRole('button', { name: 'Retirer Moussa Fall' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Retirer Moussa Fall ?' });
    expect(api.callsTo('DELETE', path)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Retirer du projet' }));
    await expectToast(projectSuccess.memberRemoved);
    expect(api.callsTo('DELETE', path)).toHaveLength(1);
    await screen.findByText('1 membre');
    expect(screen.queryByRole('listitem', { name: 'Moussa Fall' })).not.toBeInTheDocument();
  });

  it('lets a member leave the project, then goes back to /projects', async () => {
    const { api, user, location } = renderDetail({
      project: buildProject({ role_projet: 'developer' }),
    });
    api.on('DELETE', `${base}/members/${buildMember().id}`, { body: { message: 'ok' } });
    await user.click(
      within(await memberRow('Awa Diop')).getByRole('button', { name: 'Quitter le projet' }),
    );
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Quitter le projet' }),
    );
    await expectToast(projectSuccess.projectLeft);
    expect(location().pathname).toBe('/projects');
  });

  it("closes 'Quitter' when the last admin is refused, the toast saying why", async () => {
    const { api, user, location } = renderDetail();
    const refusal =
      'Le projet doit garder au moins un administrateur : nommez-en un autre avant de retirer ou rétrograder celui-ci.';
    api.on('DELETE', `${base}/members/${buildMember().id}`, {
      status: 400,
      body: { detail: refusal },
    });
    await user.click(
      within(await memberRow('Awa Diop')).getByRole('button', { name: 'Quitter le projet' }),
    );
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Quitter le projet' }),
    );
    await expectToast(refusal);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location().pathname).toBe(base);
  });

  it('validates the invitation form (SPEC §5 "Invite")', async () => {
    const { api, user } = renderDetail();
    await user.click(await screen.findByRole('button', { name: /Inviter un membre/ }));
    const dialog = screen.getByRole('dialog', { name: 'Inviter un membre' });
    await user.click(within(dialog).getByRole('button', { name: 'Inviter' }));
    expect(await within(dialog).findByText(validation.emailRequired)).toBeVisible();
    await user.type(within(dialog).getByLabelText('Adresse email'), 'fatou@exemple');
    await user.click(within(dialog).getByRole('button', { name: 'Inviter' }));
    expect(await within(dialog).findByText(validation.emailInvalid)).toBeVisible();
    expect(api.callsTo('POST', `${base}/members`)).toHaveLength(0);
  });

  it('e-mails an invitation to an address without account, listed until revoked', async () => {
    const { api, user } = renderDetail();
    const invitation = buildProjectInvitation();
    api.on('POST', `${base}/members`, () => {
      api.on('GET', `${base}/invitations`, { body: [invitation] });
      return {
        status: 201,
        body: {
          type: 'invitation_sent',
          message: `Invitation envoyée à ${invitation.email}.`,
          invitation,
        },
      };
    });
    api.on('DELETE', `${base}/invitations/${invitation.id}`, () => {
      api.on('GET', `${base}/invitations`, { body: [] });
      return { body: { message: 'Invitation annulée.' } };
    });
    await user.click(await screen.findByRole('button', { name: /Inviter un membre/ }));
    await user.type(screen.getByLabelText('Adresse email'), invitation.email);
    await user.click(screen.getByRole('button', { name: 'Inviter' }));
    await expectToast(`Invitation envoyée à ${invitation.email}.`);
    const row = await screen.findByRole('listitem', { name: invitation.email });
    expect(row).toHaveTextContent('Développeur · expire le 9 janvier 2030');
    await user.click(within(row).getByRole('button', { name: /Annuler l'invitation/ }));
    await expectToast(projectSuccess.invitationRevoked);
    expect(screen.queryByRole('listitem', { name: invitation.email })).not.toBeInTheDocument();
  });

  it('edits the project, showing why a quota under the usage is refused (409)', async () => {
    const { api, user } = renderDetail();
    const refusal =
      'Impossible de réduire le quota CPU à 0,2 core(s) : les applications du projet en réservent déjà 0,5 core(s).';
    api.on('PUT', base, { status: 409, body: { detail: refusal } });
    await user.click(await screen.findByRole('button', { name: /Modifier/ }));
    const dialog = screen.getByRole('dialog', { name: 'Modifier le projet' });
    expect(within(dialog).getByLabelText(/Nom du projet/)).toHaveValue('Boutique Dakar');
    const cpu = within(dialog).getByLabelText(/Quota CPU/);
    await user.clear(cpu);
    await user.type(cpu, '0.2');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText(refusal)).toBeVisible();
    expect(api.callsTo('PUT', base)[0]?.body).toMatchObject({
      nom: 'Boutique Dakar',
      quota_cpu: 0.2,
    });

    const renamed = buildProject({ nom: 'Boutique Saint-Louis' });
    api.on('PUT', base, { body: renamed }).on('GET', base, { body: renamed });
    const name = within(dialog).getByLabelText(/Nom du projet/);
    await user.clear(name);
    await user.type(name, 'Boutique Saint-Louis');
    await user.clear(cpu);
    await user.type(cpu, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await expectToast(projectSuccess.projectUpdated);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Boutique Saint-Louis' }),
    ).toBeVisible();
  });

  it('deletes the project after a confirmation naming what goes with it', async () => {
    const { api, user, location } = renderDetail();
    api.on('DELETE', base, { body: { message: 'Projet supprimé avec succès.' } });
    await user.click(await screen.findByRole('button', { name: /Supprimer/ }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer le projet ?' });
    expect(dialog).toHaveTextContent('tous ses environnements (2 environnements)');
    expect(dialog).toHaveTextContent('toutes ses applications (3 applications)');
    expect(dialog).toHaveTextContent('Cette action est irréversible.');
    expect(api.callsTo('DELETE', base)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer le projet' }));
    await expectToast(projectSuccess.projectDeleted);
    expect(location().pathname).toBe('/projects');
  });
});
