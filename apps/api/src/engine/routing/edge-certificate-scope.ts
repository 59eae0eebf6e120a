import { namesCover } from '@nuage/shared/certificate-names';
import { X509Certificate } from 'node:crypto';
import type { EdgeRouteInfo } from '../drivers/docker/edge/routes';

/** A route of the proxy's table and the project of its application. */
export type ProjectRoute = EdgeRouteInfo & { projectId: string };

/**
 * The host names a certificate is used for by a TLS server that picks among its loaded
 * certificates by SNI (Caddy pools every loaded certificate): its subjectAltName DNS names, or
 * without any its CN. Null when the PEM cannot be read.
 */
export function certificateHostNames(certificatePem: string): string[] | null {
  try {
    const leaf = new X509Certificate(certificatePem);
    const dns = (leaf.subjectAltName ?? '')
      .split(/,\s*/)
      .filter((entry) => entry.startsWith('DNS:'))
      .map((entry) => entry.slice(4).replace(/^"|"$/g, ''));
    if (dns.length) return dns;
    const cn = /(?:^|\n)CN=([^\n]+)/.exec(leaf.subject)?.[1];
    return cn ? [cn] : [];
  } catch {
    return null;
  }
}

/**
 * A certificate chosen for an application (uploaded, or ordered by the platform) is used for
 * its own project's names only (issue 24). The edge proxy loads every chosen certificate into
 * one pool and answers a TLS handshake with any loaded certificate covering the name asked
 * for, whichever route serves it, so a certificate uploaded by one tenant for its own domain
 * that also names another tenant's host (a custom domain, an application's platform host, or
 * `*.<APPS_DOMAIN>`) could be served for that host. Such a certificate is not loaded: its
 * application's domain is served with the certificate the proxy orders by ACME instead, as
 * for an application without one. Certificates covering only names of their own project
 * (a wildcard shared by its applications) are loaded as before.
 */
export function scopeCertificatesToOwnHosts(routes: ProjectRoute[]): EdgeRouteInfo[] {
  return routes.map(({ projectId, ...route }) => {
    if (!route.certificate) return route;
    const names = certificateHostNames(route.certificate.certificatePem);
    const foreign = routes
      .filter((other) => other.projectId !== projectId)
      .flatMap((other) => [...other.tlsHosts, ...other.httpHosts]);
    const strays = names === null || foreign.some((host) => namesCover(names, host));
    return strays ? { ...route, certificate: null } : route;
  });
}
