import { trafficNotices, trafficTexts } from '@nuage/shared/messages/traffic-metrics';
import type { TrafficHistory } from '@nuage/shared/schemas/responses/traffic-metrics';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildUser, renderRoute } from '@/test/render';
import { TrafficCard } from './traffic-card';

// uPlot draws on a canvas jsdom has not: each chart is its title, legend and spoken summary.
vi.mock('@/components/charts/time-chart', () => ({
  TimeChart: (props: { title: string; summary: string; series: { label: string }[] }) => (
    <figure aria-label={props.title}>
      <div role="img" aria-label={props.summary} />
      <figcaption>{props.series.map((s) => s.label).join(', ')}</figcaption>
    </figure>
  ),
}));

const URL = '/monitoring/applications/dep-1/traffic';

function traffic(overrides: Partial<TrafficHistory> = {}): TrafficHistory {
  return {
    application_id: 'dep-1',
    range: '24h',
    resolution: '5m',
    step_seconds: 300,
    source: 'edge',
    simulated: false,
    notice: null,
    totals: { requests: 0, status_2xx: 0, status_3xx: 0, status_4xx: 0, status_5xx: 0 },
    series: {
      at: [0, 300],
      requests_per_minute: [0, 0],
      status_2xx: [0, 0],
      status_3xx: [0, 0],
      status_4xx: [0, 0],
      status_5xx: [0, 0],
      p50_ms: [null, null],
      p95_ms: [null, null],
    },
    ...overrides,
  };
}

const busy = traffic({
  totals: { requests: 1530, status_2xx: 1400, status_3xx: 80, status_4xx: 42, status_5xx: 8 },
  series: {
    at: [0, 300],
    requests_per_minute: [120, 186],
    status_2xx: [560, 840],
    status_3xx: [30, 50],
    status_4xx: [12, 30],
    status_5xx: [0, 8],
    p50_ms: [18.5, 22],
    p95_ms: [140, 310.5],
  },
});

describe('TrafficCard', () => {
  it('shows the totals per status class and three charts a screen reader can hear', async () => {
    const { api } = renderRoute(<TrafficCard deploymentId="dep-1" />, { user: buildUser() });
    api.on('GET', URL, { body: busy });
    const card = await screen.findByRole('region', { name: trafficTexts.cardTitle });
    expect(
      await within(card).findByRole('img', {
        name: 'Requêtes : jusqu’à 186 par minute, 1530 sur la période',
      }),
    ).toBeInTheDocument();
    expect(
      within(card).getByRole('img', {
        name: 'Réponses sur la période : 1400 2xx, 80 3xx, 42 4xx, 8 5xx',
      }),
    ).toBeInTheDocument();
    expect(
      within(card).getByRole('img', { name: /médiane jusqu’à 22 ms, p95 jusqu’à 310,5 ms/ }),
    ).toBeInTheDocument();
    const totals = card.querySelector('dl')!;
    expect(totals).toHaveTextContent(/total\s*1\s530/);
    expect(totals).toHaveTextContent(/5xx\s*8/);
    expect(card).toHaveTextContent('mesuré au proxy d’entrée (Caddy), par tranche de 5 minutes');
    expect(card).not.toHaveTextContent(trafficTexts.simulated);
  });

  it('labels computed traffic as simulated', async () => {
    const { api } = renderRoute(<TrafficCard deploymentId="dep-1" />, { user: buildUser() });
    api.on('GET', URL, { body: { ...busy, source: 'simulation', simulated: true } });
    const card = await screen.findByRole('region', { name: trafficTexts.cardTitle });
    expect(await within(card).findByText(trafficTexts.simulatedNotice)).toBeVisible();
  });

  it('says why a cluster gives no traffic instead of the empty state', async () => {
    const { api } = renderRoute(<TrafficCard deploymentId="dep-1" />, { user: buildUser() });
    api.on('GET', URL, {
      body: traffic({ source: 'ingress', notice: trafficNotices.ingressMetricsUrlMissing }),
    });
    const card = await screen.findByRole('region', { name: trafficTexts.cardTitle });
    expect(await within(card).findByText(trafficNotices.ingressMetricsUrlMissing)).toBeVisible();
    expect(card).not.toHaveTextContent(trafficTexts.empty);
    expect(within(card).queryByRole('img')).toBeNull();
  });

  it('says when nothing was served, and asks for the period chosen', async () => {
    const { api } = renderRoute(<TrafficCard deploymentId="dep-1" />, { user: buildUser() });
    api.on('GET', URL, (req) => {
      const range = req.query.get('range') as TrafficHistory['range'];
      return {
        body:
          range === '1h'
            ? { ...busy, range, resolution: 'raw' as const, step_seconds: 60 }
            : traffic({ range }),
      };
    });
    const card = await screen.findByRole('region', { name: trafficTexts.cardTitle });
    expect(await within(card).findByText(trafficTexts.empty)).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: '1 h' }));
    // The subtitle names the minute resolution (the chart title « Requêtes par minute » too).
    expect(
      await within(card).findByText('mesuré au proxy d’entrée (Caddy), par minute'),
    ).toBeVisible();
    expect(api.callsTo('GET', URL).map((c) => c.query.get('range'))).toEqual(['24h', '1h']);
  });
});
