import type { Project } from '@nuage/shared/api-types';
import { registryCredentialTexts as t } from '@nuage/shared/messages/images';
import type { RegistryCredential } from '@nuage/shared/schemas/registry-credentials';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMember, buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast } from '@/test/toasts';
import ProjectDetailRoute from './project-detail';

/** The project page's « Registres d'images privés » card (issue 30). */
const admin = buildProject();
const base = `/projects/${admin.id}`;
const path = `${base}/registry-credentials`;
const credential: RegistryCredential = {
  id: '6b6b6b6b-0000-4000-8000-00000000006b',
  registre: 'ghcr.io',
  utilisateur: 'acme-bot',
  created_at: '2026-11-02T09:00:00.000Z',
  last_used_at: null,
};

function renderPage(project: Project, list: RegistryCredential[]) {
  const view = renderRoute(<ProjectDetailRoute />, {
    url: base,
    path: '/projects/:projectId',
    user: buildUser(),
  });
  view.api
    .on('GET', base, { body: project })
    .on('GET', `${base}/members`, { body: [buildMember({ role_projet: project.role_projet })] })
    .on('GET', `${base}/invitations`, { body: [] })
    .on('GET', `${base}/git-tokens`, { body: [] })
    .on('GET', path, { body: list });
  return view;
}
const card = () => screen.findByRole('region', { name: "Registres d'images privés" });

describe("project page: private registries' credentials", () => {
  it('shows a developer the registries and user names, without any way to manage them', async () => {
    renderPage(buildProject({ role_projet: 'developer' }), [credential]);
    const region = await card();
    const row = await within(region).findByRole('listitem', { name: 'acme-bot @ ghcr.io' });
    expect(row).toHaveTextContent('ghcr.io');
    expect(within(region).queryByRole('button', { name: /Ajouter/ })).toBeNull();
    expect(within(region).queryByRole('button', { name: /Supprimer/ })).toBeNull();
  });

  it('lets an admin add credentials from a password field, with French errors at the fields', async () => {
    const { api, user } = renderPage(admin, []);
    const region = await card();
    expect(await within(region).findByText(/Aucun registre privé/)).toBeVisible();
    await user.click(within(region).getByRole('button', { name: /Ajouter des identifiants/ }));
    const dialog = screen.getByRole('dialog', { name: 'Ajouter des identifiants de registre' });
    const f = (label: string) => within(dialog).getByLabelText(label);
    expect(f('Mot de passe ou jeton')).toHaveAttribute('type', 'password');
    await user.type(f('Registre'), 'https://ghcr.io');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(f('Registre')).toHaveAccessibleDescription(expect.stringContaining(t.registryInvalid));
    expect(f("Nom d'utilisateur")).toHaveAccessibleDescription(t.usernameRequired);
    expect(f('Mot de passe ou jeton')).toHaveAccessibleDescription(
      expect.stringContaining(t.passwordRequired),
    );
    expect(api.callsTo('POST', path)).toHaveLength(0);

    api.on('POST', path, () => {
      api.on('GET', path, { body: [credential] });
      return { status: 201, body: credential };
    });
    await user.clear(f('Registre'));
    await user.type(f('Registre'), 'ghcr.io');
    await user.type(f("Nom d'utilisateur"), 'acme-bot');
    await user.type(f('Mot de passe ou jeton'), 'ghp_secret');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    await expectToast('Identifiants de « ghcr.io » ajoutés.');
    expect(api.callsTo('POST', path)[0]!.body).toEqual({
      registre: 'ghcr.io',
      utilisateur: 'acme-bot',
      mot_de_passe: 'ghp_secret',
    });
    await waitFor(() =>
      expect(within(region).getByRole('listitem', { name: 'acme-bot @ ghcr.io' })).toBeVisible(),
    );
  });

  it('keeps the refusal of credentials in use in the confirmation dialog', async () => {
    const { api, user } = renderPage(admin, [credential]);
    api.on('DELETE', `${path}/${credential.id}`, { status: 409, body: { detail: t.inUse } });
    const region = await card();
    await user.click(
      await within(region).findByRole('button', {
        name: 'Supprimer les identifiants acme-bot @ ghcr.io',
      }),
    );
    const dialog = screen.getByRole('dialog', {
      name: 'Supprimer les identifiants « acme-bot @ ghcr.io » ?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer les identifiants' }));
    expect(await within(dialog).findByText(t.inUse)).toBeVisible();
  });
});
