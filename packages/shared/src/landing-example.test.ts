import { describe, expect, it } from 'vitest';
import { saasTemplates } from './catalog';
import { landingExample } from './landing-example';

describe('the landing page’s price example', () => {
  it('is WordPress at its validated catalogue resources', () => {
    const { cpu, ram, storage, name } = saasTemplates.wordpress;
    expect(landingExample).toEqual({ name, cpu, ram, storage });
  });
});
