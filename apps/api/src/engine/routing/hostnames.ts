import { dnsFragment } from '../../lib/naming';

/**
 * Every application has a host label, fixed at creation and unique among the applications
 * that exist: `<app>-<env>-<project>` slugged (e.g. `blog-prod-boutique`). With APPS_DOMAIN
 * set (a wildcard DNS record pointing at the platform's ingress), the application answers at
 * `<label>.<APPS_DOMAIN>`; runtimes without it derive a local default from the same label.
 */

/** The readable label an application would get, before uniqueness is ensured (≤ 63 chars). */
export function hostLabelCandidate(parts: { app: string; env: string; project: string }): string {
  const app = dnsFragment(parts.app, 30, 'app');
  const env = dnsFragment(parts.env, 14, 'env');
  const project = dnsFragment(parts.project, 63 - app.length - env.length - 2, 'projet');
  return dnsFragment(`${app}-${env}-${project}`, 63, 'app');
}

/** The candidate made unique with a random suffix (when the readable one is taken). */
export function suffixedHostLabel(candidate: string, suffix: string): string {
  return `${dnsFragment(candidate, 63 - suffix.length - 1, 'app')}-${suffix}`;
}

/** `<label>.<APPS_DOMAIN>`, or null when no APPS_DOMAIN is configured. */
export function platformHostname(label: string, appsDomain: string | undefined): string | null {
  return appsDomain ? `${label}.${appsDomain}` : null;
}
