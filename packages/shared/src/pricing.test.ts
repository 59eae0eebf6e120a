import { describe, expect, it } from 'vitest';
import { perDay, perHour, priceResources, toXof } from './pricing';

// Each figure below is worked by hand from the model written in pricing.ts.
describe('pricing model', () => {
  it('prices the wizard defaults (0.5 core, 1 GB, 20 GB, 1 replica)', () => {
    // 0.5×20 = 10; 1×8 = 8; 20×0.3 = 6 → 24; fee 2.4 → 26.4 base = 17 292 XOF
    const p = priceResources({ cpu: 0.5, ram: 1, storage: 20 });
    expect(p).toEqual({
      cpu: 10,
      ram: 8,
      storage: 6,
      resources: 24,
      platformFee: 2.4,
      monthly: 26.4,
    });
    expect(toXof(p.monthly)).toBe(17292);
  });

  it('multiplies cpu and ram by replicas but not storage', () => {
    // 1×3×20 = 60; 2×3×8 = 48; 10×0.3 = 3 → 111; fee 11.1 → 122.1 base
    const p = priceResources({ cpu: 1, ram: 2, storage: 10, replicas: 3 });
    expect(p.resources).toBe(111);
    expect(p.platformFee).toBe(11.1);
    expect(p.monthly).toBe(122.1);
    expect(toXof(p.monthly)).toBe(79976); // 122.1 × 655 = 79 975.5 → 79 976
  });

  it('applies the 1-unit fee minimum to a small application', () => {
    // 0.1×20 = 2; 0.5×8 = 4; 1×0.3 = 0.3 → 6.3; 10 % = 0.63 < 1 → fee 1 → 7.3 base
    const p = priceResources({ cpu: 0.1, ram: 0.5, storage: 1 });
    expect(p.platformFee).toBe(1);
    expect(p.monthly).toBe(7.3);
    expect(toXof(p.monthly)).toBe(4782); // 4 781.5 → 4 782
  });

  it('applies the minimum per application when several share the resources', () => {
    // resources 6.3 for 3 applications: 10 % = 0.63 < 3 → fee 3 → 9.3
    expect(priceResources({ cpu: 0.1, ram: 0.5, storage: 1, applications: 3 }).monthly).toBe(9.3);
  });

  it('keeps the 10 % fee once it exceeds the minimum', () => {
    // 8×20 = 160; 16×8 = 128; 100×0.3 = 30 → 318; fee 31.8 → 349.8 base = 229 119 XOF
    const p = priceResources({ cpu: 8, ram: 16, storage: 100 });
    expect(p.platformFee).toBe(31.8);
    expect(toXof(p.monthly)).toBe(229119);
  });

  it('prices the Odoo defaults (1 core, 2 GB, 20 GB)', () => {
    // 20 + 16 + 6 = 42; fee 4.2 → 46.2 base = 30 261 XOF
    expect(toXof(priceResources({ cpu: 1, ram: 2, storage: 20 }).monthly)).toBe(30261);
  });

  it('derives per-day and per-hour amounts from the monthly base', () => {
    // 26.4 / 30 = 0.88 base = 576.4 → 576 XOF; 26.4 / 720 = 0.036666… base = 24.0166… → 24 XOF
    expect(toXof(perDay(26.4))).toBe(576);
    expect(toXof(perHour(26.4))).toBe(24);
  });

  it('rounds half away from zero when converting to XOF', () => {
    expect(toXof(0.1)).toBe(66); // 65.5
    expect(toXof(1)).toBe(655);
  });

  it('has no floating-point noise on decimal inputs', () => {
    // 0.3×20 = 6 exactly; 0.7×8 = 5.6; 3×0.3 = 0.9 → 12.5; fee 1.25 → 13.75 base = 9 006.25 → 9 006 XOF
    const p = priceResources({ cpu: 0.3, ram: 0.7, storage: 3 });
    expect(p.resources).toBe(12.5);
    expect(p.monthly).toBe(13.75);
    expect(toXof(p.monthly)).toBe(9006);
  });

  it('charges no fee when there is no application', () => {
    expect(priceResources({ cpu: 0, ram: 0, storage: 0, applications: 0 }).monthly).toBe(0);
  });

  it('prices a maximal calculation request (32 cores, 128 GB, 1000 GB, 10 replicas)', () => {
    // 32×10×20 = 6400; 128×10×8 = 10240; 1000×0.3 = 300 → 16940; fee 1694 → 18634 base
    const p = priceResources({ cpu: 32, ram: 128, storage: 1000, replicas: 10 });
    expect(p.monthly).toBe(18634);
    expect(toXof(p.monthly)).toBe(12205270);
  });
});
