import { uptimeTexts } from '@nuage/shared/messages/uptime';
import type { ApplicationUptime } from '@nuage/shared/schemas/responses/uptime';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast } from '@/test/toasts';
import { UptimeCard } from './uptime-card';

const days = Array.from({ length: 30 }, (_, i) => ({
  jour: `2026-11-${String(i + 1).padStart(2, '0')}`,
  verifications: i < 28 ? 0 : 1440,
  echecs: i === 29 ? 36 : 0,
  pourcentage: i < 28 ? null : i === 29 ? 97.5 : 100,
  simule: false,
}));

const uptime: ApplicationUptime = {
  application_id: 'dep-1',
  source: 'docker',
  simule: false,
  etat: 'down',
  derniere_verification: {
    date: '2026-11-30T10:00:00.000Z',
    ok: false,
    code_http: 502,
    duree_ms: 12,
    raison: 'code HTTP 502',
  },
  pourcentage_30_jours: 98.75,
  jours: days,
  incidents: [
    {
      id: 'inc-1',
      debut: '2026-11-30T09:24:00.000Z',
      fin: null,
      duree_secondes: 36 * 60,
      raison: 'code HTTP 502',
      simule: false,
    },
  ],
  reglages: { chemin: '/', code_attendu: null, delai_secondes: 10, intervalle_secondes: 60 },
};

const URL = '/deployments/dep-1/uptime';

describe('UptimeCard', () => {
  it('shows the 30-day share, one bar per day, the incident under way and its reason', async () => {
    const { api } = renderRoute(<UptimeCard deploymentId="dep-1" canManage={false} />, {
      user: buildUser(),
    });
    api.on('GET', URL, { status: 200, body: uptime });
    const card = await screen.findByRole('region', { name: 'Disponibilité' });
    expect(await within(card).findByText('98,75 %')).toBeVisible();
    expect(card).toHaveTextContent(uptimeTexts.states.down);
    expect(
      within(card).getByRole('list', { name: /30 derniers jours : 98,75 %/ }).children,
    ).toHaveLength(30);
    expect(card).toHaveTextContent('code HTTP 502');
    expect(card).toHaveTextContent('en cours depuis 36 min');
    // A member who may not change it does not get the form.
    expect(within(card).queryByText('Réglages de la vérification')).toBeNull();
  });

  it('lets a developer change the path; a wrong one is refused in French before sending', async () => {
    const { api, user } = renderRoute(<UptimeCard deploymentId="dep-1" canManage />, {
      user: buildUser(),
    });
    api.on('GET', URL, { status: 200, body: uptime });
    api.on('PUT', '/deployments/dep-1/uptime-check', {
      status: 200,
      body: { chemin: '/sante', code_attendu: null, delai_secondes: 5, intervalle_secondes: 60 },
    });
    const card = await screen.findByRole('region', { name: 'Disponibilité' });
    await user.click(await within(card).findByText('Réglages de la vérification'));
    const path = within(card).getByLabelText('Chemin vérifié');
    await user.clear(path);
    await user.type(path, 'sante');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer les réglages' }));
    expect(card).toHaveTextContent(uptimeTexts.pathInvalid);
    expect(api.callsTo('PUT', '/deployments/dep-1/uptime-check')).toEqual([]);
    await user.clear(path);
    await user.type(path, '/sante');
    const timeout = within(card).getByLabelText('Délai (secondes)');
    await user.clear(timeout);
    await user.type(timeout, '5');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer les réglages' }));
    await expectToast(uptimeTexts.settingsSaved);
    expect(api.callsTo('PUT', '/deployments/dep-1/uptime-check')[0]?.body).toEqual({
      chemin: '/sante',
      code_attendu: null,
      delai_secondes: 5,
    });
  });

  it('labels the simulation runtime’s checks as simulated, never as measures', async () => {
    const { api } = renderRoute(<UptimeCard deploymentId="dep-1" canManage />, {
      user: buildUser(),
    });
    api.on('GET', URL, {
      status: 200,
      body: {
        ...uptime,
        source: 'simulation',
        simule: true,
        etat: 'up',
        derniere_verification: {
          ...uptime.derniere_verification!,
          ok: true,
          code_http: null,
          raison: null,
          duree_ms: 0,
        },
        incidents: [],
      },
    });
    const card = await screen.findByRole('region', { name: 'Disponibilité' });
    expect(await within(card).findByText('simulé')).toBeVisible();
    expect(card).toHaveTextContent(uptimeTexts.simulatedNotice);
    expect(card).toHaveTextContent(uptimeTexts.noIncident);
    expect(card).not.toHaveTextContent(' ms');
    expect(card).not.toHaveTextContent('Vérifie GET');
    // Nothing real is requested: no settings to change.
    expect(within(card).queryByText('Réglages de la vérification')).toBeNull();
  });
});
