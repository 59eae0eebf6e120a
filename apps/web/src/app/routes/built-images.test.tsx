import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BuiltImage, BuiltImagesResponse } from '@nuage/shared/schemas/responses/builds';
import type { FakeRequest } from '@/test/fake-api';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast } from '@/test/toasts';
import BuiltImagesRoute from './built-images';

/** 23 builds: i % 7 === 6 running (3), else i % 3 === 2 failed (6), the others (14) succeeded. */
const all: BuiltImage[] = Array.from({ length: 23 }, (_, i) => {
  const status = i % 7 === 6 ? 'running' : i % 3 === 2 ? 'failed' : 'success';
  return {
    build_id: `b${i}`,
    application_name: `app-${i}`,
    status,
    kind: 'build',
    part: 'application',
    runtime: i === 1 ? 'simulation' : 'docker',
    commit_sha: null,
    is_standalone: false,
    image_url: 'docker.io/library/wordpress',
    image_tag: `6.${i}`,
    project: { id: 'p1', name: 'Boutique Dakar' },
    repository: { branch: null, url: null },
    build_info: {
      created_at: '2025-01-10T09:00:00.000Z',
      completed_at: status === 'running' ? null : '2025-01-10T09:01:05.000Z',
      duration_seconds: status === 'running' ? null : 65,
    },
    error_message: status === 'failed' ? 'Image introuvable (simulation)' : null,
  };
});

/** A WordPress shop's two template downloads: the same application, two parts. */
const pulls: BuiltImage[] = (['application', 'database'] as const).map((part) => ({
  ...all[0]!,
  build_id: `pull-${part}`,
  application_name: 'boutique',
  kind: 'pull',
  part,
  runtime: 'docker',
  image_url: part === 'database' ? 'docker.io/library/mariadb' : 'docker.io/library/wordpress',
  image_tag: part === 'database' ? '10.11' : '6.4-apache',
}));

/** The API's answer, computed from `all` (builds) and `pulls` as the server would. */
function answer(req: FakeRequest, rows = { builds: all, pulls }): { body: BuiltImagesResponse } {
  const limit = Number(req.query.get('limit'));
  const offset = Number(req.query.get('offset') ?? 0);
  const filter = req.query.get('status_filter') ?? 'all';
  const ofKind = req.query.get('kind') === 'pull' ? rows.pulls : rows.builds;
  const matching = filter === 'all' ? ofKind : ofKind.filter((b) => b.status === filter);
  const all = rows.builds;
  const count = (s: 'success' | 'failed' | 'running') => all.filter((b) => b.status === s).length;
  const page = matching.slice(offset, offset + limit);
  return {
    body: {
      builds: page,
      statistics: {
        total_builds: all.length,
        successful_builds: count('success'),
        failed_builds: count('failed'),
        running_builds: count('running'),
        success_rate: all.length === 0 ? 0 : 66.7,
      },
      pagination: {
        total: matching.length,
        limit,
        offset,
        has_more: offset + page.length < matching.length,
      },
    },
  };
}

function renderPage() {
  const view = renderRoute(<BuiltImagesRoute />, { path: '/built-images', user: buildUser() });
  view.api.on('GET', '/standalone-builds/images', answer);
  return view;
}

const list = () => screen.findByRole('list', { name: 'Builds depuis Git' });
const buildsSection = () => within(screen.getByRole('region', { name: 'Builds depuis Git' }));
const pullList = () => screen.findByRole('list', { name: 'Images téléchargées' });
const builds = async () => within(await list()).getAllByRole('listitem');

describe('/built-images', () => {
  it('lists builds and template downloads apart, each download saying which part it is', async () => {
    const { api } = renderPage();
    expect(await builds()).toHaveLength(10);
    const downloads = within(await pullList()).getAllByRole('listitem');
    expect(downloads.map((li) => li.getAttribute('aria-labelledby'))).toHaveLength(2);
    expect(
      within(await pullList()).getByRole('listitem', { name: 'boutique · application' }),
    ).toHaveTextContent('docker.io/library/wordpress:6.4-apache');
    expect(
      within(await pullList()).getByRole('listitem', { name: 'boutique · base de données' }),
    ).toHaveTextContent('docker.io/library/mariadb:10.11');
    expect(screen.getByText('23 builds')).toBeVisible();
    expect(screen.getByText('2 téléchargements')).toBeVisible();
    const kinds = api.callsTo('GET', '/standalone-builds/images').map((c) => c.query.get('kind'));
    expect(kinds.sort()).toEqual(['build', 'pull']);
  });

  it('says when a build was simulated', async () => {
    renderPage();
    const row = async (name: string) => within(await list()).getByRole('listitem', { name });
    expect(await row('app-1')).toHaveTextContent('simulé');
    expect(await row('app-3')).not.toHaveTextContent('simulé');
  });

  it('with neither build nor download, offers to deploy an application', async () => {
    const view = renderRoute(<BuiltImagesRoute />, { path: '/built-images', user: buildUser() });
    view.api.on('GET', '/standalone-builds/images', (req) =>
      answer(req, { builds: [], pulls: [] }),
    );
    expect(await screen.findByText('Aucune image pour le moment')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Déployer une application' })).toHaveAttribute(
      'href',
      '/deploy',
    );
    expect(screen.queryByRole('list', { name: 'Statistiques des builds' })).toBeNull();
  });

  it('shows the statistics cards', async () => {
    renderPage();
    const stats = await screen.findByRole('list', { name: 'Statistiques des builds' });
    expect(within(stats).getByRole('listitem', { name: 'Succès : 14' })).toBeVisible();
    expect(within(stats).getByRole('listitem', { name: 'Échecs : 6' })).toBeVisible();
    expect(within(stats).getByRole('listitem', { name: 'En cours : 3' })).toBeVisible();
    expect(within(stats).getByRole('listitem', { name: 'Taux de succès : 66,7 %' })).toBeVisible();
  });

  it('lists 10 builds with application, project, image, status, duration, date and error', async () => {
    renderPage();
    expect(await builds()).toHaveLength(10);
    const failed = within(await list()).getByRole('listitem', { name: 'app-2' });
    expect(within(failed).getByText('Échoué').closest('span')).toHaveClass('bg-red-100');
    expect(failed).toHaveTextContent('Boutique Dakar');
    expect(failed).toHaveTextContent('docker.io/library/wordpress:6.2');
    expect(failed).toHaveTextContent('1 min 5 s');
    expect(failed).toHaveTextContent('10 janvier 2025');
    expect(failed).toHaveTextContent('Image introuvable (simulation)');
    const ok = within(await list()).getByRole('listitem', { name: 'app-0' });
    expect(within(ok).getByText('Succès').closest('span')).toHaveClass('bg-green-100');
    const running = within(await list()).getByRole('listitem', { name: 'app-6' });
    expect(within(running).getByText('En cours').closest('span')).toHaveClass('bg-amber-100');
  });

  it('pages through the list, 10 at a time', async () => {
    const { api, user } = renderPage();
    await list();
    expect(await buildsSection().findByText('1–10 sur 23 · page 1 / 3')).toBeVisible();
    expect(buildsSection().getByRole('button', { name: /Précédent/ })).toBeDisabled();
    await user.click(buildsSection().getByRole('button', { name: /Suivant/ }));
    expect(await buildsSection().findByText('11–20 sur 23 · page 2 / 3')).toBeVisible();
    await user.click(buildsSection().getByRole('button', { name: /Suivant/ }));
    expect(await buildsSection().findByText('21–23 sur 23 · page 3 / 3')).toBeVisible();
    await waitFor(async () => expect(await builds()).toHaveLength(3));
    expect(buildsSection().getByRole('button', { name: /Suivant/ })).toBeDisabled();
    const offsets = api
      .callsTo('GET', '/standalone-builds/images')
      .filter((c) => c.query.get('kind') === 'build')
      .map((c) => c.query.get('offset'));
    expect(offsets).toEqual(['0', '10', '20']);
  });

  it('filters by status and starts again at the first page', async () => {
    const { api, user } = renderPage();
    await list();
    await user.click(await buildsSection().findByRole('button', { name: /Suivant/ }));
    await buildsSection().findByText('11–20 sur 23 · page 2 / 3');
    await user.selectOptions(screen.getByLabelText('Statut'), 'failed');
    expect(await buildsSection().findByText('1–6 sur 6 · page 1 / 1')).toBeVisible();
    await waitFor(async () => expect(await builds()).toHaveLength(6));
    const last = api
      .callsTo('GET', '/standalone-builds/images')
      .filter((c) => c.query.get('kind') === 'build')
      .at(-1)!;
    expect(last.query.get('status_filter')).toBe('failed');
    expect(last.query.get('offset')).toBe('0');
    expect(last.query.get('limit')).toBe('10');
  });

  it("copies an image's URL and says so", async () => {
    const { user } = renderPage();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const build = within(await list()).getByRole('listitem', { name: 'app-0' });
    await user.click(within(build).getByRole('button', { name: /Copier l'URL de l'image/ }));
    expect(writeText).toHaveBeenCalledWith('docker.io/library/wordpress:6.0');
    await expectToast("URL de l'image copiée");
  });

  it('shows code builds (issue 13): queued and cancelled states, commit, branch and repository', async () => {
    const code = (over: Partial<BuiltImage>): BuiltImage => ({
      ...all[0]!,
      kind: 'build',
      runtime: 'docker',
      image_url: 'registry.nuage.sn/p1/api',
      image_tag: '3f9c2a1',
      commit_sha: '3f9c2a17e4b8d05c6a1f2e3d4c5b6a7980f1e2d3',
      repository: { branch: 'main', url: 'https://git.exemple.sn/boutique/api.git' },
      error_message: null,
      ...over,
    });
    const rows = [
      code({
        build_id: 'q',
        application_name: 'api-file',
        status: 'queued',
      }),
      code({
        build_id: 'c',
        application_name: 'api-annule',
        status: 'cancelled',
        error_message: 'Build annulé.',
      }),
      code({
        build_id: 'f',
        application_name: 'api-echec',
        status: 'failed',
        error_message: 'npm run build a échoué (code 1).',
      }),
    ];
    const view = renderRoute(<BuiltImagesRoute />, { path: '/built-images', user: buildUser() });
    view.api.on('GET', '/standalone-builds/images', (req) => {
      const base = answer(req).body;
      return {
        body: {
          ...base,
          builds: rows,
          pagination: { ...base.pagination, total: 3, has_more: false },
        },
      };
    });
    const row = async (name: string) => within(await list()).getByRole('listitem', { name });
    const queued = await row('api-file');
    expect(within(queued).getByText("En file d'attente")).toBeVisible();
    // No image yet: nothing to copy.
    expect(within(queued).queryByRole('button', { name: /Copier/ })).toBeNull();
    expect(within(await row('api-annule')).getByText('Annulé')).toBeVisible();
    const failed = await row('api-echec');
    expect(failed).toHaveTextContent('https://git.exemple.sn/boutique/api.git');
    expect(failed).toHaveTextContent('main');
    expect(failed).toHaveTextContent('commit 3f9c2a1');
    expect(failed).toHaveTextContent('npm run build a échoué (code 1).');
    expect(failed).toHaveTextContent('registry.nuage.sn/p1/api:3f9c2a1');
  });
});
