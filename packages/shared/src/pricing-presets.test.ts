import { describe, expect, it } from 'vitest';
import { saasTemplateIds } from './catalog';
import { priceResources, toXof } from './pricing';
import { presetDefinitions, presetsByApplication, presetsFor } from './pricing-presets';
import { deployLimits } from './schemas/deployments';

const priceOf = (type: 'wordpress' | 'odoo', id: string) =>
  presetsFor(type).find((p) => p.id === id)!.pricing;

describe('pricing presets', () => {
  it('offers at least three presets for WordPress and Odoo and one for every other template', () => {
    const { applications } = presetsByApplication();
    expect(Object.keys(applications)).toEqual([...saasTemplateIds]);
    expect(applications.wordpress.presets.map((p) => p.name)).toEqual([
      'Démarrage',
      'Croissance',
      'Entreprise',
    ]);
    expect(applications.odoo.presets.map((p) => p.name)).toEqual([
      'Démarrage',
      'Croissance',
      'Entreprise',
    ]);
    for (const id of ['joomla', 'drupal', 'nextcloud', 'matomo'] as const) {
      expect(applications[id].presets.length).toBeGreaterThanOrEqual(1);
    }
  });

  it('keeps every preset deployable within the wizard limits, with a unique id and a French description', () => {
    const all = saasTemplateIds.flatMap((id) => presetDefinitions[id]);
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    for (const p of all) {
      expect(p.cpu).toBeGreaterThanOrEqual(deployLimits.cpu.min);
      expect(p.cpu).toBeLessThanOrEqual(deployLimits.cpu.max);
      expect(p.ram).toBeGreaterThanOrEqual(deployLimits.ram.min);
      expect(p.ram).toBeLessThanOrEqual(deployLimits.ram.max);
      expect(p.storage).toBeGreaterThanOrEqual(deployLimits.storage.min);
      expect(p.storage).toBeLessThanOrEqual(deployLimits.storage.max);
      expect(p.usageDescription).toMatch(/utilisateurs|visiteurs|équipe|pages vues/);
    }
  });

  it('grows strictly from one WordPress or Odoo preset to the next', () => {
    for (const type of ['wordpress', 'odoo'] as const) {
      const prices = presetsFor(type).map((p) => p.pricing.monthly_price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(new Set(prices).size).toBe(prices.length);
    }
  });

  it('prices WordPress presets by the model (figures worked by hand)', () => {
    // 0.5×20 + 1×8 + 10×0.3 = 21; fee 2.1 → 23.1 base = 15 130.5 → 15 131 XOF
    expect(priceOf('wordpress', 'wordpress-demarrage')).toEqual({
      monthly_price: 15131,
      monthly_price_base: 23.1,
      daily_price: 504, // 0.77 base = 504.35
      hourly_price: 21, // 0.0320833… base = 21.01…
    });
    // 20 + 16 + 7.5 = 43.5; fee 4.35 → 47.85 base = 31 341.75 → 31 342
    expect(priceOf('wordpress', 'wordpress-croissance').monthly_price).toBe(31342);
    // 40 + 32 + 15 = 87; fee 8.7 → 95.7 base = 62 683.5 → 62 684
    expect(priceOf('wordpress', 'wordpress-entreprise').monthly_price).toBe(62684);
  });

  it('prices Odoo presets by the model (figures worked by hand)', () => {
    expect(priceOf('odoo', 'odoo-demarrage').monthly_price).toBe(30261); // 46.2 base
    expect(priceOf('odoo', 'odoo-croissance').monthly_price).toBe(60522); // 40+32+12 → 92.4
    expect(priceOf('odoo', 'odoo-entreprise').monthly_price).toBe(121044); // 80+64+24 → 184.8
  });

  it('prices the single presets from their catalogue defaults', () => {
    const { applications } = presetsByApplication();
    expect(applications.joomla.presets[0]!.resources).toEqual({ cpu: 0.5, ram: 0.5, storage: 20 });
    expect(applications.joomla.presets[0]!.pricing.monthly_price).toBe(14410); // 20 → 22 base
    expect(applications.nextcloud.presets[0]!.pricing.monthly_price).toBe(17292); // 24 → 26.4
    expect(applications.matomo.presets[0]!.pricing.monthly_price).toBe(11528); // 6+4+6 → 17.6
  });

  it('derives every displayed price from priceResources', () => {
    for (const id of saasTemplateIds) {
      for (const p of presetsFor(id)) {
        expect(p.pricing.monthly_price).toBe(toXof(priceResources(p.resources).monthly));
      }
    }
  });
});
