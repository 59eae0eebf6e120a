import { buildMetricsNotices, buildMetricsTexts } from '@nuage/shared/messages/build-metrics';
import type { BuildMetrics } from '@nuage/shared/schemas/responses/build-metrics';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, renderRoute } from '@/test/render';
import { BuildMetricsPanel } from './build-metrics-panel';

const URL = '/builds/b-1/metrics';

function metrics(overrides: Partial<BuildMetrics> = {}): BuildMetrics {
  return {
    build_id: 'b-1',
    status: 'success',
    interval_seconds: 3,
    simulated: false,
    notice: null,
    peak: { cpu_milli: null, ram_mb: null },
    limits: { cpu_milli: 1000, ram_mb: 2048 },
    series: { at: [], cpu_milli: [], ram_mb: [] },
    ...overrides,
  };
}

const panel = () => screen.findByRole('region', { name: buildMetricsTexts.title });

describe('BuildMetricsPanel', () => {
  it('draws the CPU and memory of the build against the build limits, with its peaks', async () => {
    const { api } = renderRoute(
      <BuildMetricsPanel build={{ build_id: 'b-1', status: 'success' }} />,
      {
        user: buildUser(),
      },
    );
    api.on('GET', URL, {
      body: metrics({
        peak: { cpu_milli: 1850, ram_mb: 412 },
        series: { at: [1000, 1003, 1006], cpu_milli: [120, 1850, 900], ram_mb: [80, 412, 300] },
      }),
    });
    const region = await panel();
    expect(await within(region).findByText('Pic : 1 850 millicœurs · 412 Mo')).toBeVisible();
    expect(region).toHaveTextContent('une mesure toutes les 3 s pendant le build');
    // Both charts, each with a summary a screen reader hears, and the build limit's line.
    const charts = within(region).getAllByRole('img');
    expect(charts.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Processeur du build : pic de 1850, limite 1000',
      'Mémoire du build : pic de 412, limite 2048',
    ]);
    expect(region).toHaveTextContent('Processeur (millicœurs)');
    expect(region).toHaveTextContent('Mémoire (Mo)');
    expect(within(region).getAllByText(buildMetricsTexts.limit)).toHaveLength(2);
    expect(region).not.toHaveTextContent(buildMetricsTexts.simulated);
  });

  it('labels computed values as simulated', async () => {
    const { api } = renderRoute(
      <BuildMetricsPanel build={{ build_id: 'b-1', status: 'running' }} />,
      {
        user: buildUser(),
      },
    );
    api.on('GET', URL, {
      body: metrics({
        status: 'running',
        simulated: true,
        peak: { cpu_milli: 650, ram_mb: 700 },
        series: { at: [1000], cpu_milli: [650], ram_mb: [700] },
      }),
    });
    const region = await panel();
    expect(await within(region).findByText(buildMetricsTexts.simulatedNotice)).toBeVisible();
    expect(within(region).getByText('simulé')).toBeVisible();
  });

  it('says why there is no graph: not measured yet, a cluster without metrics-server, no answer', async () => {
    const running = renderRoute(
      <BuildMetricsPanel build={{ build_id: 'b-1', status: 'running' }} />,
      { user: buildUser() },
    );
    running.api.on('GET', URL, { body: metrics({ status: 'running' }) });
    expect(await within(await panel()).findByText(buildMetricsTexts.waiting)).toBeVisible();
    running.unmount();

    const cluster = renderRoute(
      <BuildMetricsPanel build={{ build_id: 'b-1', status: 'failed' }} />,
      {
        user: buildUser(),
      },
    );
    cluster.api.on('GET', URL, {
      body: metrics({ status: 'failed', notice: buildMetricsNotices.metricsServerMissing }),
    });
    const region = await panel();
    expect(await within(region).findByText(buildMetricsNotices.metricsServerMissing)).toBeVisible();
    expect(region).not.toHaveTextContent(buildMetricsTexts.notRun);
    expect(within(region).queryAllByRole('img')).toHaveLength(0);
    cluster.unmount();

    renderRoute(<BuildMetricsPanel build={{ build_id: 'b-1', status: 'success' }} />, {
      user: buildUser(),
    });
    expect(await within(await panel()).findByText(buildMetricsTexts.unavailable)).toBeVisible();
  });
});
