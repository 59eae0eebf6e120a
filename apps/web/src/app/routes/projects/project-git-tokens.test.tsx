import type { Project } from '@nuage/shared/api-types';
import type { GitTokenSummary } from '@nuage/shared/build-types';
import { codeAppTexts } from '@nuage/shared/code-app-texts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMember, buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast } from '@/test/toasts';
import ProjectDetailRoute from './project-detail';

const project = buildProject();
const base = `/projects/${project.id}`;
const tokensPath = `${base}/git-tokens`;
const IN_USE =
  'Ce token est utilisé par une application du projet : changez son accès au dépôt ou supprimez-la d’abord.';

const token = (overrides: Partial<GitTokenSummary> = {}): GitTokenSummary => ({
  id: '5a0f3c1e-1111-4a2b-8c3d-000000000001',
  nom: 'GitHub équipe',
  created_at: '2024-05-02T09:00:00.000Z',
  last_used_at: '2024-05-03T14:30:00.000Z',
  ...overrides,
});
const unused = token({
  id: '5a0f3c1e-1111-4a2b-8c3d-000000000002',
  nom: 'GitLab interne',
  last_used_at: null,
});

function renderPage(opts: { project?: Project; tokens?: GitTokenSummary[] } = {}) {
  const p = opts.project ?? project;
  const view = renderRoute(<ProjectDetailRoute />, {
    url: base,
    path: '/projects/:projectId',
    user: buildUser(),
  });
  view.api
    .on('GET', base, { body: p })
    .on('GET', `${base}/members`, { body: [buildMember({ role_projet: p.role_projet })] })
    .on('GET', `${base}/invitations`, { body: [] })
    .on('GET', tokensPath, { body: opts.tokens ?? [token(), unused] });
  return view;
}

const card = () => screen.findByRole('region', { name: 'Tokens Git' });

describe('project page: Git tokens', () => {
  it('lists the tokens by name with their dates, never a value', async () => {
    renderPage();
    const region = await card();
    const used = await within(region).findByRole('listitem', { name: 'GitHub équipe' });
    expect(used).toHaveTextContent(/Ajouté le 2 mai 2024/);
    expect(used).toHaveTextContent(/Dernière utilisation le 3 mai 2024/);
    expect(within(region).getByRole('listitem', { name: 'GitLab interne' })).toHaveTextContent(
      'Jamais utilisé',
    );
  });

  it('says when the project has no token', async () => {
    renderPage({ tokens: [] });
    expect(await within(await card()).findByText(/Aucun token\. Ajoutez-en un/)).toBeVisible();
  });

  it('adds a token from a password field, shows the API refusals at the fields, and lists it', async () => {
    const { api, user } = renderPage({ tokens: [] });
    await user.click(within(await card()).getByRole('button', { name: /Ajouter un token/ }));
    const dialog = screen.getByRole('dialog', { name: 'Ajouter un token Git' });
    const secret = within(dialog).getByLabelText("Token d'accès");
    expect(secret).toHaveAttribute('type', 'password');

    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le token' }));
    expect(within(dialog).getByText('Le nom du token est requis')).toBeVisible();
    expect(within(dialog).getByText('Le token est requis')).toBeVisible();
    expect(api.callsTo('POST', tokensPath)).toHaveLength(0);

    api.on('POST', tokensPath, {
      status: 422,
      body: {
        detail: [
          {
            loc: ['body', 'nom'],
            msg: 'Le nom du token ne peut pas dépasser 100 caractères',
            type: 'x',
          },
        ],
      },
    });
    await user.type(within(dialog).getByLabelText('Nom du token'), 'CI');
    await user.type(secret, 'ghp_secret');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le token' }));
    expect(
      await within(dialog).findByText('Le nom du token ne peut pas dépasser 100 caractères'),
    ).toBeVisible();

    api.on('POST', tokensPath, () => {
      api.on('GET', tokensPath, { body: [token({ nom: 'CI', last_used_at: null })] });
      return { status: 201, body: token({ nom: 'CI', last_used_at: null }) };
    });
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le token' }));
    await expectToast(codeAppTexts.tokenAdded);
    expect(api.callsTo('POST', tokensPath).at(-1)?.body).toEqual({
      nom: 'CI',
      token: 'ghp_secret',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(await card()).findByRole('listitem', { name: 'CI' })).toBeVisible();
    expect(document.body).not.toHaveTextContent('ghp_secret');
  });

  it('deletes a token after confirmation', async () => {
    const { api, user } = renderPage();
    const path = `${tokensPath}/${unused.id}`;
    api.on('DELETE', path, () => {
      api.on('GET', tokensPath, { body: [token()] });
      return { status: 204 };
    });
    await user.click(
      await within(await card()).findByRole('button', {
        name: 'Supprimer le token GitLab interne',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Supprimer le token « GitLab interne » ?' });
    expect(api.callsTo('DELETE', path)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer le token' }));
    await expectToast('Token « GitLab interne » supprimé.');
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'GitLab interne' })).not.toBeInTheDocument(),
    );
  });

  it("shows the API's French refusal (409) in the dialog when an application uses the token", async () => {
    const { api, user } = renderPage();
    const path = `${tokensPath}/${token().id}`;
    api.on('DELETE', path, { status: 409, body: { detail: IN_USE } });
    await user.click(
      await within(await card()).findByRole('button', { name: 'Supprimer le token GitHub équipe' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Supprimer le token « GitHub équipe » ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer le token' }));
    expect(await within(dialog).findByText(IN_USE)).toBeVisible();
    expect(
      screen.getByRole('listitem', { name: 'GitHub équipe', hidden: true }),
    ).toBeInTheDocument();
  });

  it('shows the names to a plain user without add or delete', async () => {
    renderPage({ project: buildProject({ role_projet: 'user' }) });
    const region = await card();
    expect(await within(region).findByRole('listitem', { name: 'GitHub équipe' })).toBeVisible();
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
  });
});
