import { presetsFor } from '@nuage/shared/pricing-presets';
import { recommendPreset } from '@nuage/shared/pricing-recommend';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatXof } from '@/lib/format';
import { toastTexts } from '@/test/toasts';
import {
  calculateCalls,
  field,
  preselectedUrl,
  reachConfiguration,
  renderWizard,
  setField,
} from './testing/render-wizard';
import { calculation } from './testing/wizard-fixtures';

/** Testing Library reads fr-FR's narrow no-break spaces as plain ones. */
const xof = (amount: number) => formatXof(amount).replace(/\s/g, ' ');
const priceRegion = () => screen.getByLabelText('Prix estimé');
/** WordPress's own resources (SPEC §9), set when it is chosen. */
const defaults = { cpu: 0.5, ram: 0.5, storage: 20, replicas: 1 };

describe('deploy wizard cost-estimate panel (SPEC §2, §4)', { timeout: 20_000 }, () => {
  it('prices the configuration in XOF: month, day, hour, breakdown, two savings', async () => {
    const view = renderWizard(preselectedUrl);
    await reachConfiguration(view.user);
    const expected = calculation(defaults);
    await waitFor(() => expect(priceRegion()).toHaveTextContent(xof(expected.monthly_xof)));
    expect(calculateCalls(view)).toHaveLength(1);
    expect(calculateCalls(view)[0]!.body).toEqual(defaults);
    expect(calculateCalls(view)[0]!.query.get('include_comparison')).toBe('true');

    const region = priceRegion();
    expect(region).toHaveTextContent(`${xof(expected.daily_xof)} par jour`);
    expect(region).toHaveTextContent(`${xof(expected.hourly_xof)} par heure`);
    const breakdown = within(region).getByLabelText('Détail du prix');
    const b = expected.breakdown;
    expect(breakdown).toHaveTextContent(`CPU${xof(b.resources.cpu.cost_xof)}`);
    expect(breakdown).toHaveTextContent(`RAM${xof(b.resources.ram.cost_xof)}`);
    expect(breakdown).toHaveTextContent(`Storage${xof(b.resources.storage.cost_xof)}`);
    expect(breakdown).toHaveTextContent(`Plateforme${xof(b.platform_fee_xof)}`);
    expect(
      screen.getByText(/0,5 vCPU · 0,5 GB RAM · 20 GB de stockage · 1 instance/),
    ).toBeVisible();

    const savings = within(screen.getByRole('region', { name: 'Vos économies' })).getAllByRole(
      'listitem',
    );
    expect(savings.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Nuage Alpha'),
      expect.stringContaining('Nuage Beta'),
    ]);
  });

  it('is open by default and collapses', async () => {
    const { user } = renderWizard(preselectedUrl);
    await reachConfiguration(user);
    const toggle = screen.getByRole('button', { name: /Estimation des coûts/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Configurations recommandées')).toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Configurations recommandées')).toBeNull();
    await user.click(toggle);
    expect(screen.getByText('Configurations recommandées')).toBeVisible();
  });

  it('a preset sets cpu, ram and storage and shows its price; no recalculation until custom', async () => {
    const view = renderWizard(preselectedUrl);
    const { user } = view;
    await reachConfiguration(user);
    await waitFor(() => expect(calculateCalls(view)).toHaveLength(1));
    const croissance = presetsFor('wordpress').find((p) => p.name === 'Croissance')!;

    await user.click(screen.getByRole('button', { name: /^Croissance/ }));
    expect(screen.getByRole('button', { name: /^Croissance/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(field('CPU (cores)')).toHaveValue(1);
    expect(field('RAM (GB)')).toHaveValue(2);
    expect(field('Stockage (GB)')).toHaveValue(25);
    expect(priceRegion()).toHaveTextContent(xof(croissance.pricing.monthly_price));
    expect(priceRegion()).toHaveTextContent(`${xof(croissance.pricing.daily_price)} par jour`);

    // Preset mode: changing a value asks for nothing.
    await setField(user, 'Instances', '2');
    await new Promise((r) => setTimeout(r, 400));
    expect(calculateCalls(view)).toHaveLength(1);
    expect(priceRegion()).toHaveTextContent(xof(croissance.pricing.monthly_price));

    await user.click(screen.getByRole('button', { name: /Configuration personnalisée/ }));
    await waitFor(() => expect(calculateCalls(view)).toHaveLength(2));
    expect(calculateCalls(view)[1]!.body).toEqual({ cpu: 1, ram: 2, storage: 25, replicas: 2 });
    const custom = calculation({ cpu: 1, ram: 2, storage: 25, replicas: 2 });
    await waitFor(() => expect(priceRegion()).toHaveTextContent(xof(custom.monthly_xof)));

    // Custom mode: each change is priced again.
    await setField(user, 'Stockage (GB)', '30');
    await waitFor(() => expect(calculateCalls(view)).toHaveLength(3));
    expect(calculateCalls(view)[2]!.body).toEqual({ cpu: 1, ram: 2, storage: 30, replicas: 2 });
  });

  it('asks at most one price per 300 ms while typing', async () => {
    const view = renderWizard(preselectedUrl);
    await reachConfiguration(view.user);
    await waitFor(() => expect(calculateCalls(view)).toHaveLength(1));
    // Only the clock is faked: values change (synchronously) as fast as a user types.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const replicas = field('Instances');
    for (const value of ['2', '3', '4', '5', '6']) {
      fireEvent.change(replicas, { target: { value } });
      act(() => void vi.advanceTimersByTime(50));
    }
    act(() => void vi.advanceTimersByTime(249));
    expect(calculateCalls(view)).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(calculateCalls(view)).toHaveLength(2);
    expect(calculateCalls(view)[1]!.body).toEqual({ ...defaults, replicas: 6 });
    act(() => void vi.advanceTimersByTime(1000));
    expect(calculateCalls(view)).toHaveLength(2);
  });

  it('asks nothing outside cpu 0.1–32, ram 0.5–128, storage 1–1000', async () => {
    const view = renderWizard(preselectedUrl);
    const { user } = view;
    await reachConfiguration(user);
    await waitFor(() => expect(calculateCalls(view)).toHaveLength(1));
    // Each step leaves at least one value out of range, so no configuration is calculable.
    for (const [label, value] of [
      ['CPU (cores)', '40'],
      ['CPU (cores)', '0.05'],
      ['RAM (GB)', '0.4'],
      ['CPU (cores)', '0.5'],
      ['RAM (GB)', '129'],
      ['Stockage (GB)', '0'],
      ['RAM (GB)', '0.5'],
      ['Stockage (GB)', '1001'],
    ] as const) {
      await setField(user, label, value);
      expect(priceRegion()).toHaveTextContent(/Estimation indisponible/);
    }
    await new Promise((r) => setTimeout(r, 400));
    expect(calculateCalls(view)).toHaveLength(1);
    // Above the wizard's 8 cores but within the calculator's 32: priced (and flagged).
    await setField(user, 'Stockage (GB)', '20');
    await setField(user, 'CPU (cores)', '9');
    await waitFor(() => expect(calculateCalls(view)).toHaveLength(2));
    expect(calculateCalls(view)[1]!.body).toEqual({ ...defaults, cpu: 9 });
  });

  it.each(['wordpress', 'odoo'] as const)(
    'recommends a %s preset for an assumed small activity, saying it is an assumption',
    async (type) => {
      const view = renderWizard(preselectedUrl);
      await reachConfiguration(view.user, type === 'odoo' ? 'Odoo' : 'WordPress');
      const expected = recommendPreset({
        application_type: type,
        expected_users: 50,
        traffic_level: 'medium',
      });
      const note = await screen.findByRole('region', { name: /Recommandation/ });
      expect(note).toHaveTextContent(`Recommandation : ${expected.preset.name}`);
      // The customer gave no number: never « Pour 50 … » as if they had (issue 33).
      expect(note).not.toHaveTextContent(/Pour 50/);
      expect(note).toHaveTextContent('Vous ne nous avez pas indiqué votre fréquentation');
      expect(note).toHaveTextContent(
        /nous supposons une petite activité \(50 (visiteurs par jour|utilisateurs), trafic moyen\)/,
      );
      expect(note).toHaveTextContent(`« ${expected.preset.name} »`);
      expect(view.api.callsTo('POST', '/pricing/recommend').map((c) => c.body)).toEqual([
        { application_type: type, expected_users: 50, traffic_level: 'medium' },
      ]);
      await view.user.click(within(note).getByRole('button', { name: /Appliquer/ }));
      expect(field('CPU (cores)')).toHaveValue(expected.preset.resources.cpu);
    },
  );

  it('pricing failures are only logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = renderWizard(preselectedUrl);
    view.api
      .on('POST', '/pricing/calculate', { status: 500, body: { detail: 'Panne' } })
      .on('GET', '/pricing/presets', { status: 500, body: { detail: 'Panne' } })
      .on('POST', '/pricing/recommend', { status: 500, body: { detail: 'Panne' } });
    await reachConfiguration(view.user);
    expect(await screen.findByText('Estimation indisponible pour le moment.')).toBeVisible();
    await waitFor(() => expect(error).toHaveBeenCalledTimes(3));
    expect(toastTexts()).toEqual([]);
    expect(screen.queryByText('Configurations recommandées')).toBeNull();
  });
});
