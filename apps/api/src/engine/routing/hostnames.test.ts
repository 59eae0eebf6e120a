import { describe, expect, it } from 'vitest';
import { hostLabelCandidate, platformHostname, suffixedHostLabel } from './hostnames';

const HOST_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

describe('host labels', () => {
  it('reads as <app>-<env>-<project>, accents folded and punctuation dropped', () => {
    expect(
      hostLabelCandidate({ app: 'Mon Blog', env: 'Production', project: 'Boutique Élodie' }),
    ).toBe('mon-blog-production-boutique-elodie');
  });

  it('stays one valid DNS label (≤ 63 characters) whatever the names', () => {
    const long = 'x'.repeat(100);
    for (const parts of [
      { app: long, env: long, project: long },
      { app: '!!!', env: '---', project: '@@@' },
      { app: 'a', env: 'b', project: 'é'.repeat(80) },
      { app: 'Ünïcödé 😀', env: 'prod', project: '../../etc' },
    ]) {
      const label = hostLabelCandidate(parts);
      expect(label.length).toBeLessThanOrEqual(63);
      expect(label).toMatch(HOST_LABEL);
      const suffixed = suffixedHostLabel(label, 'k3x9q2');
      expect(suffixed.length).toBeLessThanOrEqual(63);
      expect(suffixed).toMatch(HOST_LABEL);
      expect(suffixed.endsWith('-k3x9q2')).toBe(true);
    }
  });

  it('keeps the project visible even with a long application name', () => {
    const label = hostLabelCandidate({ app: 'a'.repeat(60), env: 'staging', project: 'acme' });
    expect(label).toBe(`${'a'.repeat(30)}-staging-acme`);
  });

  it('puts the label under APPS_DOMAIN, or gives no hostname without it', () => {
    expect(platformHostname('blog-prod-acme', 'apps.example.com')).toBe(
      'blog-prod-acme.apps.example.com',
    );
    expect(platformHostname('blog-prod-acme', undefined)).toBeNull();
  });
});
