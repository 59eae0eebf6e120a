import { describe, expect, it } from 'vitest';
import { applicationUrlFor } from './edge-routes';

describe('applicationUrlFor', () => {
  const ports = { httpPort: 80, httpsPort: 443 };
  it('is <label>.<APPS_DOMAIN> over HTTPS when APPS_DOMAIN is set', () => {
    expect(
      applicationUrlFor({ hostLabel: 'blog-prod-shop', domain: null }, 'apps.example.com', ports),
    ).toBe('https://blog-prod-shop.apps.example.com');
  });
  it('is <label>.localhost over HTTP otherwise, with the port when it is not 80', () => {
    expect(applicationUrlFor({ hostLabel: 'blog-prod-shop', domain: null }, undefined, ports)).toBe(
      'http://blog-prod-shop.localhost',
    );
    expect(
      applicationUrlFor({ hostLabel: 'b', domain: null }, undefined, {
        httpPort: 18080,
        httpsPort: 18443,
      }),
    ).toBe('http://b.localhost:18080');
  });
  it('is the custom domain over HTTPS when one is set', () => {
    expect(
      applicationUrlFor({ hostLabel: 'b', domain: 'www.boutique.fr' }, 'apps.example.com', ports),
    ).toBe('https://www.boutique.fr');
  });
});
