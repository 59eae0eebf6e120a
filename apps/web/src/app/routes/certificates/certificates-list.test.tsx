import type { Certificate } from '@nuage/shared/certificate-types';
import { certificateSuccess } from '@nuage/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RENEWING_REFRESH_MS } from '@/features/certificates/api/get-certificates';
import {
  buildCertificate,
  buildLetsEncrypt,
  inDays,
  otherProject,
} from '@/features/certificates/testing/fixtures';
import { buildProject } from '@/test/project-fixtures';
import { expectToast } from '@/test/toasts';
import { renderCertificates, row } from './testing/render-certificates';

const frDate = (iso: string) =>
  new Date(iso).toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });

const cert = (nom: string, overrides: Partial<Certificate> = {}) =>
  buildCertificate({ id: `id-${nom}`, nom, ...overrides });

describe('/certificates list', () => {
  it('shows each certificate: name, domain, fr-FR expiry, status and type badges', async () => {
    const expiry = inDays(80);
    renderCertificates({
      certificates: [
        buildCertificate({ date_expiration: expiry }),
        buildLetsEncrypt({ nom: 'API', simulation: false, mode_emission: 'acme' }),
      ],
    });
    const custom = await row('Boutique production');
    expect(within(custom).getByText('boutique.exemple.sn')).toBeVisible();
    const date = within(custom).getByText(frDate(expiry));
    expect(date).toHaveAttribute('datetime', expiry);
    // 80 days away: not flagged, no days count.
    expect(date.parentElement).not.toHaveClass('text-red-600');
    expect(within(custom).queryByText(/restant/)).not.toBeInTheDocument();
    expect(within(custom).getByText('Actif')).toHaveClass('bg-green-100');
    expect(within(custom).getByText('Personnalisé')).toBeVisible();
    const le = await row('API');
    expect(within(le).getByText("Let's Encrypt")).toBeVisible();
    expect(within(le).queryByText('Simulation')).not.toBeInTheDocument();
  });

  it('flags the expiry in red with the days left at 30 days or fewer, « Expiré » once past', async () => {
    renderCertificates({
      certificates: [
        cert('trente-et-un', { date_expiration: inDays(31) }),
        cert('trente', { date_expiration: inDays(30) }),
        cert('un', { date_expiration: inDays(1) }),
        cert('passe', { date_expiration: inDays(-3), statut: 'Expiré' }),
      ],
    });
    const flag = async (name: string) => (await row(name)).querySelector('[data-expiry-warning]');
    expect(await flag('trente-et-un')).toBeNull();
    expect(within(await row('trente-et-un')).queryByText(/restant/)).not.toBeInTheDocument();
    expect(await flag('trente')).toHaveClass('text-red-600');
    expect(within(await row('trente')).getByText('(30 jours restants)')).toBeVisible();
    expect(within(await row('un')).getByText('(1 jour restant)')).toBeVisible();
    expect(await flag('passe')).toHaveClass('text-red-600');
    expect(within(await row('passe')).getByText('(Expiré)')).toBeVisible();
  });

  it('colours each status as SPEC §4 says, the renewal icon spinning', async () => {
    renderCertificates({
      certificates: [
        cert('ok'),
        cert('perime', { statut: 'Expiré', date_expiration: inDays(-1) }),
        cert('encours', { statut: 'En cours de renouvellement' }),
        cert('echec', { statut: 'Échec' }),
      ],
    });
    const badge = async (name: string, label: string) => within(await row(name)).getByText(label);
    const icon = async (name: string) =>
      within(await row(name)).getByTestId('certificate-status-icon');
    expect(await badge('ok', 'Actif')).toHaveClass('bg-green-100');
    expect(await badge('perime', 'Expiré')).toHaveClass('bg-red-100');
    expect(await badge('encours', 'En cours de renouvellement')).toHaveClass('bg-amber-100');
    expect(await badge('echec', 'Échec')).toHaveClass('bg-slate-100');
    expect(await icon('encours')).toHaveClass('animate-spin');
    expect(await icon('ok')).not.toHaveClass('animate-spin');
  });

  it('marks a certificate signed by the simulation authority', async () => {
    renderCertificates({ certificates: [buildLetsEncrypt()] });
    const le = await row('api.exemple.sn');
    expect(within(le).getByText('Simulation')).toBeVisible();
    expect(within(le).getByText(/autorité de simulation locale/)).toBeInTheDocument();
  });

  it('offers Renouveler for Let’s Encrypt only, and puts the server’s answer in the row', async () => {
    const le = buildLetsEncrypt();
    const { api, user } = renderCertificates({ certificates: [buildCertificate(), le] });
    const custom = await row('Boutique production');
    expect(within(custom).getByRole('button', { name: /Modifier/ })).toBeVisible();
    expect(within(custom).queryByRole('button', { name: /Renouveler/ })).not.toBeInTheDocument();

    api.on('POST', `/certificates/${le.id}/renew`, {
      body: { ...le, statut: 'En cours de renouvellement' },
    });
    const leRow = await row('api.exemple.sn');
    await user.click(
      within(leRow).getByRole('button', { name: 'Renouveler le certificat api.exemple.sn' }),
    );
    await expectToast(certificateSuccess.renewRequested);
    expect(api.callsTo('POST', `/certificates/${le.id}/renew`)).toHaveLength(1);
    expect(within(leRow).getByText('En cours de renouvellement')).toBeVisible();
    expect(within(leRow).getByTestId('certificate-status-icon')).toHaveClass('animate-spin');
    // Already renewing: not asked twice.
    expect(within(leRow).getByRole('button', { name: /Renouveler/ })).toBeDisabled();
  });

  it('offers no Renouveler for what the edge proxy obtains and renews on its own', async () => {
    renderCertificates({
      certificates: [
        buildLetsEncrypt({ nom: 'shop.exemple.sn', mode_emission: 'proxy', simulation: false }),
      ],
    });
    const proxied = await row('shop.exemple.sn');
    expect(within(proxied).getByText("Let's Encrypt")).toBeVisible();
    expect(within(proxied).queryByRole('button', { name: /Renouveler/ })).not.toBeInTheDocument();
  });

  it('polls the list while a certificate is being renewed, and stops once it is done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const renewing = buildLetsEncrypt({ statut: 'En cours de renouvellement' });
    const { api } = renderCertificates({ certificates: [renewing] });
    await row('api.exemple.sn');
    const lists = () => api.callsTo('GET', '/certificates').length;
    expect(lists()).toBe(1);
    api.on('GET', '/certificates', { body: [{ ...renewing, statut: 'Actif' }] });
    await vi.advanceTimersByTimeAsync(RENEWING_REFRESH_MS);
    await waitFor(() => expect(lists()).toBe(2));
    expect(await screen.findByText('Actif')).toBeVisible();
    await vi.advanceTimersByTimeAsync(RENEWING_REFRESH_MS * 3);
    expect(lists()).toBe(2);
  });

  it('shows the empty state, with Nouveau certificat for a developer', async () => {
    renderCertificates({
      certificates: [],
      projects: [buildProject({ role_projet: 'developer' })],
    });
    expect(await screen.findByRole('heading', { name: 'Aucun certificat' })).toBeVisible();
    expect(screen.getAllByRole('button', { name: /Nouveau certificat/ })).toHaveLength(2);
  });

  it('asks for a project first when the user has none', async () => {
    const { api } = renderCertificates({ certificates: [], projects: [] });
    expect(await screen.findByRole('heading', { name: 'Aucun certificat' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Créer un projet' })).toHaveAttribute(
      'href',
      '/projects',
    );
    expect(screen.queryByRole('button', { name: /Nouveau certificat/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/certificates')).toHaveLength(1);
  });

  it("hides edit, renew, delete and creation from the 'user' role; details stay", async () => {
    renderCertificates({
      projects: [buildProject({ role_projet: 'user' })],
      certificates: [buildCertificate(), buildLetsEncrypt()],
    });
    for (const name of ['Boutique production', 'api.exemple.sn']) {
      const r = await row(name);
      expect(
        within(r).getByRole('button', { name: `Détails du certificat ${name}` }),
      ).toBeVisible();
      expect(within(r).getAllByRole('button')).toHaveLength(1);
    }
    expect(screen.queryByRole('button', { name: /Nouveau certificat/ })).not.toBeInTheDocument();
  });

  it('decides per project: managed where developer or admin, read-only elsewhere', async () => {
    const readOnly = otherProject('user');
    renderCertificates({
      projects: [buildProject({ role_projet: 'developer' }), readOnly],
      certificates: [buildCertificate(), cert('Blog', { projet_id: readOnly.id })],
    });
    expect(
      within(await row('Boutique production')).getByRole('button', { name: /Supprimer/ }),
    ).toBeVisible();
    const blog = await row('Blog');
    expect(within(blog).queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
    expect(within(blog).getByText('Projet : Blog Thiès')).toBeVisible();
  });

  it('filters by project when the user has several', async () => {
    const blog = otherProject('admin');
    const { api, user } = renderCertificates({ projects: [buildProject(), blog] });
    await row('Boutique production');
    api.on('GET', '/certificates', (request) => ({
      body:
        request.query.get('projet_id') === blog.id ? [cert('Blog', { projet_id: blog.id })] : [],
    }));
    await user.selectOptions(screen.getByLabelText('Projet'), 'Blog Thiès');
    expect(await row('Blog')).toBeVisible();
    expect(screen.queryByRole('listitem', { name: 'Boutique production' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/certificates').at(-1)?.query.get('projet_id')).toBe(blog.id);
  });

  it('shows no project filter with a single project', async () => {
    renderCertificates();
    await row('Boutique production');
    expect(screen.queryByLabelText('Projet')).not.toBeInTheDocument();
  });
});
