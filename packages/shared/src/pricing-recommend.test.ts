import { describe, expect, it } from 'vitest';
import { recommendPreset } from './pricing-recommend';

const pick = (
  application_type: 'wordpress' | 'odoo',
  expected_users: number,
  traffic_level: 'low' | 'medium' | 'high',
) => recommendPreset({ application_type, expected_users, traffic_level });

describe('preset recommendation', () => {
  it('answers the wizard call (50 users, medium traffic) for both templates', () => {
    const wp = pick('wordpress', 50, 'medium');
    expect(wp.preset.id).toBe('wordpress-demarrage');
    expect(wp.weighted_load).toBe(50);
    expect(wp.reasoning).toBe(
      'Pour 50 visiteurs par jour avec un trafic moyen, la configuration « Démarrage » ' +
        '(0,5 vCPU, 1 GB de RAM, 10 GB de stockage) est recommandée : la charge estimée est de ' +
        '50 visiteurs par jour (coefficient de trafic 1), et cette configuration est prévue pour ' +
        'jusqu’à 1\u202f000 visiteurs par jour.',
    );
    const odoo = pick('odoo', 50, 'medium');
    expect(odoo.preset.id).toBe('odoo-croissance');
    expect(odoo.reasoning).toContain('Pour 50 utilisateurs avec un trafic moyen');
    expect(odoo.reasoning).toContain('plus de 10 et jusqu’à 50 utilisateurs');
  });

  it('weights users by traffic: low 0.5, medium 1, high 2 (thresholds inclusive)', () => {
    expect(pick('odoo', 20, 'low').preset.id).toBe('odoo-demarrage'); // 10
    expect(pick('odoo', 21, 'low').preset.id).toBe('odoo-croissance'); // 10.5
    expect(pick('odoo', 51, 'medium').preset.id).toBe('odoo-entreprise');
    expect(pick('odoo', 26, 'high').preset.id).toBe('odoo-entreprise'); // 52
    expect(pick('odoo', 5, 'high').preset.id).toBe('odoo-demarrage'); // 10
    expect(pick('wordpress', 1000, 'medium').preset.id).toBe('wordpress-demarrage');
    expect(pick('wordpress', 600, 'high').preset.id).toBe('wordpress-croissance'); // 1 200
    expect(pick('wordpress', 10_000, 'medium').preset.id).toBe('wordpress-croissance');
    expect(pick('wordpress', 10_001, 'medium').preset.id).toBe('wordpress-entreprise');
    expect(pick('wordpress', 20_000, 'low').preset.id).toBe('wordpress-croissance'); // 10 000
  });

  it('mentions the traffic level and the load in French', () => {
    const r = pick('odoo', 30, 'high');
    expect(r.reasoning).toContain('trafic élevé');
    expect(r.reasoning).toContain(
      'la charge estimée est de 60 utilisateurs (coefficient de trafic 2)',
    );
    expect(r.reasoning).toContain('« Entreprise » (4 vCPU, 8 GB de RAM, 80 GB de stockage)');
    expect(r.reasoning).toContain('plus de 50 utilisateurs');
    expect(pick('wordpress', 3, 'low').reasoning).toContain('trafic faible');
  });

  it('suggests replicas only beyond what the largest preset is sized for', () => {
    expect(pick('odoo', 150, 'medium').reasoning).not.toContain('instances');
    expect(pick('odoo', 150, 'high').reasoning).toContain('augmentez aussi le nombre d’instances');
    expect(pick('wordpress', 30_000, 'high').reasoning).toContain('instances');
  });

  it('lists the other presets of the type as alternatives', () => {
    const r = pick('wordpress', 50, 'medium');
    expect(r.alternatives.map((p) => p.id)).toEqual([
      'wordpress-croissance',
      'wordpress-entreprise',
    ]);
    expect(r.preset.pricing.monthly_price).toBe(15131);
  });
});
