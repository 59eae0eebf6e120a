import { metricAlertTexts } from '@nuage/shared/messages/metric-alerts';
import type { MetricAlerts } from '@nuage/shared/schemas/responses/metric-alerts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, renderRoute } from '@/test/render';
import { MetricAlertsCard } from './metric-alerts-card';

const URL = '/deployments/dep-1/metric-alerts';
const empty: MetricAlerts = {
  application_id: 'dep-1',
  regles: [],
  incidents: [],
  redemarrages_mesures: true,
};
const withAlert: MetricAlerts = {
  ...empty,
  regles: [{ id: 'r-1', type: 'cpu', seuil: 90, minutes: 10, active: true }],
  incidents: [
    {
      id: 'i-1',
      regle_id: 'r-1',
      type: 'cpu',
      seuil: 90,
      minutes: 10,
      debut: '2026-11-29T10:00:00.000Z',
      fin: null,
      valeur: 97,
    },
  ],
};

describe('MetricAlertsCard', () => {
  it('shows the rules and the alert going on, without the buttons to a member who may not change them', async () => {
    const { api } = renderRoute(<MetricAlertsCard deploymentId="dep-1" canManage={false} />, {
      user: buildUser(),
    });
    api.on('GET', URL, { status: 200, body: withAlert });
    const card = await screen.findByRole('region', { name: 'Alertes' });
    expect(await within(card).findByText('1 en cours')).toBeVisible();
    expect(card).toHaveTextContent('CPU au-dessus de 90 % de la limite pendant 10 min');
    expect(card).toHaveTextContent('moyenne 97 %');
    expect(within(card).queryByRole('button', { name: 'Modifier' })).toBeNull();
    expect(card).toHaveTextContent(metricAlertTexts.readOnly);
  });

  it('adds the advised CPU, memory and disk rules in one click', async () => {
    const { api, user } = renderRoute(<MetricAlertsCard deploymentId="dep-1" canManage />, {
      user: buildUser(),
    });
    api.on('GET', URL, { status: 200, body: empty });
    api.on('POST', URL, {
      status: 201,
      body: { id: 'r-1', type: 'cpu', seuil: 90, minutes: 10, active: true },
    });
    const card = await screen.findByRole('region', { name: 'Alertes' });
    await user.click(
      await within(card).findByRole('button', { name: metricAlertTexts.addDefaults }),
    );
    await waitFor(() => expect(api.callsTo('POST', URL)).toHaveLength(3));
    expect(api.callsTo('POST', URL).map((c) => c.body)).toEqual([
      { type: 'cpu', seuil: 90, minutes: 10, active: true },
      { type: 'memory', seuil: 90, minutes: 10, active: true },
      { type: 'disk', seuil: 90, minutes: 10, active: true },
    ]);
  });

  it('refuses a percentage above 100 in French before sending', async () => {
    const { api, user } = renderRoute(<MetricAlertsCard deploymentId="dep-1" canManage />, {
      user: buildUser(),
    });
    api.on('GET', URL, { status: 200, body: withAlert });
    const card = await screen.findByRole('region', { name: 'Alertes' });
    await user.click(await within(card).findByRole('button', { name: 'Modifier' }));
    const threshold = within(card).getByLabelText('Seuil (% de la limite)');
    await user.clear(threshold);
    await user.type(threshold, '150');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
    expect(card).toHaveTextContent(metricAlertTexts.percentInvalid);
    expect(api.callsTo('PUT', `${URL}/r-1`)).toEqual([]);
  });

  it('watches the 5xx rate as a share of the requests, saying what it is measured on', async () => {
    const { api, user } = renderRoute(<MetricAlertsCard deploymentId="dep-1" canManage />, {
      user: buildUser(),
    });
    api.on('GET', URL, { status: 200, body: withAlert });
    api.on('POST', URL, {
      status: 201,
      body: { id: 'r-2', type: 'errors5xx', seuil: 5, minutes: 5, active: true },
    });
    const card = await screen.findByRole('region', { name: 'Alertes' });
    await user.click(await within(card).findByRole('button', { name: metricAlertTexts.add }));
    await user.selectOptions(within(card).getByLabelText('Mesure'), 'Erreurs 5xx');
    expect(within(card).getByLabelText('Seuil (% des requêtes)')).toBeVisible();
    expect(card).toHaveTextContent(metricAlertTexts.errorsHint);
    await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.callsTo('POST', URL)).toHaveLength(1));
    expect(api.callsTo('POST', URL)[0]!.body).toMatchObject({ type: 'errors5xx' });
  });

  it('watches the fullest volume as a share of its size', async () => {
    const { api, user } = renderRoute(<MetricAlertsCard deploymentId="dep-1" canManage />, {
      user: buildUser(),
    });
    api.on('GET', URL, { status: 200, body: withAlert });
    api.on('POST', URL, {
      status: 201,
      body: { id: 'r-3', type: 'disk', seuil: 90, minutes: 10, active: true },
    });
    const card = await screen.findByRole('region', { name: 'Alertes' });
    await user.click(await within(card).findByRole('button', { name: metricAlertTexts.add }));
    await user.selectOptions(within(card).getByLabelText('Mesure'), 'Disque des volumes');
    expect(within(card).getByLabelText('Seuil (% de la taille du volume)')).toBeVisible();
    expect(card).toHaveTextContent(metricAlertTexts.diskHint);
    await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.callsTo('POST', URL)).toHaveLength(1));
    expect(api.callsTo('POST', URL)[0]!.body).toMatchObject({ type: 'disk' });
  });
});
