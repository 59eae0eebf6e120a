import { metricsHistoryNotices, metricsHistoryTexts } from '@nuage/shared/messages/metrics-history';
import type { MetricsHistory } from '@nuage/shared/schemas/responses/metrics-history';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, renderRoute } from '@/test/render';
import { MetricsHistoryCard } from './metrics-history-card';

const URL = '/monitoring/applications/dep-1/metrics/history';

function history(overrides: Partial<MetricsHistory> = {}): MetricsHistory {
  return {
    application_id: 'dep-1',
    service: null,
    range: '24h',
    resolution: '5m',
    step_seconds: 300,
    simulated: false,
    notice: null,
    disk_notice: null,
    limits: { cpu_milli: 500, ram_mb: 1000, disk_mb: 10_000 },
    series: {
      at: [],
      cpu_milli: [],
      cpu_milli_max: [],
      ram_mb: [],
      ram_mb_max: [],
      rx_bps: [],
      tx_bps: [],
      restarts: [],
      disk_used_mb: [],
      disk_percent: [],
    },
    ...overrides,
  };
}

describe('MetricsHistoryCard', () => {
  it('says in French that no measure is there yet, and labels the simulation runtime', async () => {
    const { api } = renderRoute(<MetricsHistoryCard deploymentId="dep-1" />, { user: buildUser() });
    api.on('GET', URL, { body: history({ simulated: true }) });
    const card = await screen.findByRole('region', { name: metricsHistoryTexts.cardTitle });
    expect(await within(card).findByText(metricsHistoryTexts.empty)).toBeVisible();
    expect(card).toHaveTextContent('simulé');
    expect(card).toHaveTextContent(metricsHistoryTexts.simulatedNotice);
    expect(api.callsTo('GET', URL)[0]!.query.get('range')).toBe('24h');
  });

  it('shows why a cluster gives no measure instead of the empty state', async () => {
    const { api } = renderRoute(<MetricsHistoryCard deploymentId="dep-1" />, { user: buildUser() });
    api.on('GET', URL, { body: history({ notice: metricsHistoryNotices.metricsServerMissing }) });
    const card = await screen.findByRole('region', { name: metricsHistoryTexts.cardTitle });
    expect(await within(card).findByText(metricsHistoryNotices.metricsServerMissing)).toBeVisible();
    expect(card).not.toHaveTextContent(metricsHistoryTexts.empty);
    expect(card).not.toHaveTextContent('simulé');
  });

  it('asks for the period chosen and says which averages it shows', async () => {
    const { api } = renderRoute(<MetricsHistoryCard deploymentId="dep-1" />, { user: buildUser() });
    api.on('GET', URL, (req) => {
      const range = req.query.get('range') as MetricsHistory['range'];
      return {
        body: history(
          range === '30d'
            ? { range, resolution: '1h', step_seconds: 3600 }
            : range === '1h'
              ? { range, resolution: 'raw', step_seconds: 30 }
              : { range },
        ),
      };
    });
    const card = await screen.findByRole('region', { name: metricsHistoryTexts.cardTitle });
    const group = within(card).getByRole('group', { name: metricsHistoryTexts.rangeLabel });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1 h', '24 h', '7 j', '30 j']);
    await userEvent.click(within(group).getByRole('button', { name: '30 j' }));
    expect(await within(card).findByText('moyennes horaires, avec leur pic')).toBeVisible();
    expect(within(group).getByRole('button', { name: '30 j' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(within(group).getByRole('button', { name: '1 h' }));
    expect(await within(card).findByText('une mesure toutes les 30 s')).toBeVisible();
    expect(api.callsTo('GET', URL).map((c) => c.query.get('range'))).toEqual(['24h', '30d', '1h']);
  });

  it('draws the volumes’ disk with the fullest volume’s share, or says why it is not measured', async () => {
    const points = (disk: (number | null)[]) => ({
      at: [1000, 1300, 1600],
      cpu_milli: [10, 20, 30],
      cpu_milli_max: [10, 20, 30],
      ram_mb: [100, 100, 100],
      ram_mb_max: [100, 100, 100],
      rx_bps: [null, 10, 10],
      tx_bps: [null, 10, 10],
      restarts: [0, 0, 0],
      disk_used_mb: disk.map((p) => (p === null ? null : p * 100)),
      disk_percent: disk,
    });
    const { api } = renderRoute(<MetricsHistoryCard deploymentId="dep-1" />, { user: buildUser() });
    api.on('GET', URL, { body: history({ series: points([80, null, 92]) }) });
    const card = await screen.findByRole('region', { name: metricsHistoryTexts.cardTitle });
    expect(await within(card).findByText(metricsHistoryTexts.diskFullest(92))).toBeVisible();
    expect(card).toHaveTextContent(`${metricsHistoryTexts.diskTitle} (Mo)`);
  });

  it('says in French why the disk is not measured on a cluster that refuses the kubelet’s stats', async () => {
    const { api } = renderRoute(<MetricsHistoryCard deploymentId="dep-1" />, { user: buildUser() });
    api.on('GET', URL, {
      body: history({
        disk_notice: metricsHistoryNotices.diskStatsForbidden,
        series: {
          at: [1000],
          cpu_milli: [10],
          cpu_milli_max: [10],
          ram_mb: [100],
          ram_mb_max: [100],
          rx_bps: [null],
          tx_bps: [null],
          restarts: [null],
          disk_used_mb: [null],
          disk_percent: [null],
        },
      }),
    });
    const card = await screen.findByRole('region', { name: metricsHistoryTexts.cardTitle });
    expect(await within(card).findByText(metricsHistoryNotices.diskStatsForbidden)).toBeVisible();
    expect(card).not.toHaveTextContent(metricsHistoryTexts.diskTitle);
  });

  it('switches a Compose application’s graphs to one service, against its own limits', async () => {
    const points = {
      at: [1000, 1300],
      cpu_milli: [40, 80],
      cpu_milli_max: [40, 80],
      ram_mb: [100, 120],
      ram_mb_max: [100, 120],
      rx_bps: [null, 10],
      tx_bps: [null, 10],
      restarts: [0, 0],
      disk_used_mb: [null, null],
      disk_percent: [null, null],
    };
    const { api } = renderRoute(
      <MetricsHistoryCard deploymentId="dep-1" services={['web', 'db']} />,
      { user: buildUser() },
    );
    api.on('GET', URL, (req) => {
      const service = req.query.get('service');
      return {
        body: service
          ? history({
              service,
              limits: { cpu_milli: 250, ram_mb: 269, disk_mb: 2000 },
              series: points,
            })
          : history({ series: { ...points, disk_used_mb: [300, 310], disk_percent: [15, 16] } }),
      };
    });
    const card = await screen.findByRole('region', { name: metricsHistoryTexts.cardTitle });
    const picker = within(card).getByRole('combobox', { name: metricsHistoryTexts.serviceLabel });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([metricsHistoryTexts.allServices, 'web', 'db']);
    expect(picker).toHaveValue('');
    expect(await within(card).findByText(metricsHistoryTexts.diskFullest(16))).toBeVisible();

    // Reached from the keyboard after the four periods (a native list: arrows choose in it).
    for (let i = 0; i < 5; i++) await userEvent.tab();
    expect(picker).toHaveFocus();
    await userEvent.selectOptions(picker, 'web');
    expect(picker).toHaveValue('web');
    expect(
      await within(card).findByLabelText(
        metricsHistoryTexts.summary(metricsHistoryTexts.cpuTitle, 80, 250),
      ),
    ).toBeInTheDocument();
    // A service has no disk of its own: the card says where to see it.
    expect(await within(card).findByText(metricsHistoryTexts.diskWholeApplication)).toBeVisible();
    expect(api.callsTo('GET', URL).map((c) => c.query.get('service'))).toEqual([null, 'web']);

    await userEvent.selectOptions(picker, '');
    expect(await within(card).findByText(metricsHistoryTexts.diskFullest(16))).toBeVisible();
  });

  it('offers no service picker to an application that is not a Compose one', async () => {
    const { api } = renderRoute(<MetricsHistoryCard deploymentId="dep-1" />, { user: buildUser() });
    api.on('GET', URL, { body: history() });
    const card = await screen.findByRole('region', { name: metricsHistoryTexts.cardTitle });
    expect(await within(card).findByText(metricsHistoryTexts.empty)).toBeVisible();
    expect(within(card).queryByRole('combobox')).toBeNull();
  });
});
