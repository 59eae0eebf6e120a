import type { ApplicationSpec } from '../spec';
import { dnsLabel, hostName, objectMeta, selectorLabels } from './meta';
import type { IngressObject, RenderOptions, ServiceObject } from './types';

export function renderService(spec: ApplicationSpec): ServiceObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: objectMeta(spec, spec.service.name, 'app'),
    spec: {
      type: 'ClusterIP',
      selector: selectorLabels(spec, 'app'),
      ports: [
        {
          name: 'http',
          port: spec.service.port,
          // The pods' port by name (containers.ts: `main`), not a number: during a rollout, and
          // after a failed one is reverted, each pod is reached on the port of its own release
          // (a code release may change it), so the Service never needs reverting.
          targetPort: 'main',
          protocol: 'TCP',
        },
      ],
    },
  };
}

export const CLUSTER_ISSUER_ANNOTATION = 'cert-manager.io/cluster-issuer';
/** Which of an application's hosts an Ingress serves (observe.ts prefers the custom domain). */
export const HOST_KIND_ANNOTATION = 'nuagedeploy.io/host-kind';

type IngressTls = NonNullable<NonNullable<IngressObject['spec']>['tls']>[number];

function ingressFor(
  spec: ApplicationSpec,
  name: string,
  host: string,
  hostKind: 'platform' | 'domain',
  tls: { entry: IngressTls | null; clusterIssuer: string | null },
  options: RenderOptions,
): IngressObject {
  const meta = objectMeta(spec, name, 'app');
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: {
      ...meta,
      annotations: {
        ...meta.annotations,
        [HOST_KIND_ANNOTATION]: hostKind,
        // cert-manager's ingress-shim issues the certificate into this namespace's Secret.
        ...(tls.clusterIssuer ? { [CLUSTER_ISSUER_ANNOTATION]: tls.clusterIssuer } : {}),
      },
    },
    spec: {
      ...(options.ingressClassName ? { ingressClassName: options.ingressClassName } : {}),
      ...(tls.entry ? { tls: [tls.entry] } : {}),
      rules: [
        {
          host,
          http: {
            paths: [
              {
                path: '/',
                pathType: 'Prefix',
                backend: {
                  service: {
                    name: dnsLabel(spec.service.name),
                    port: { number: spec.service.port },
                  },
                },
              },
            ],
          },
        },
      ],
    },
  };
}

/**
 * The URL users open for an application on Kubernetes, as its Ingresses serve it (the site URL
 * WordPress is installed with): the custom domain when it is served (HTTPS with a stored
 * certificate or cert-manager), else `<host label>.<APPS_DOMAIN>` (HTTPS unless APPS_DOMAIN has
 * no TLS), else null: no Ingress, no public address.
 */
export function kubernetesApplicationUrl(
  row: { hostLabel: string; domain: string | null; certificateId: string | null },
  options: RenderOptions,
): string | null {
  if (row.domain) {
    const tls = row.certificateId !== null || Boolean(options.clusterIssuer);
    return `${tls ? 'https' : 'http'}://${hostName(row.domain)}`;
  }
  if (!options.appsDomain) return null;
  const tls = (options.appsDomainTls ?? 'none') !== 'none';
  return `${tls ? 'https' : 'http'}://${hostName(`${row.hostLabel}.${options.appsDomain}`)}`;
}

/**
 * `<host label>.<APPS_DOMAIN>`, every application's address. Its TLS: none, the ingress
 * controller's default (wildcard) certificate (a TLS entry without a Secret), or cert-manager.
 */
export function renderPlatformIngress(
  spec: ApplicationSpec,
  options: RenderOptions,
): IngressObject {
  const host = hostName(`${spec.hostLabel}.${options.appsDomain}`);
  const mode = options.appsDomainTls ?? 'none';
  const clusterIssuer = mode === 'cert-manager' ? (options.clusterIssuer ?? null) : null;
  const entry: IngressTls | null =
    mode === 'wildcard'
      ? { hosts: [host] }
      : clusterIssuer
        ? { hosts: [host], secretName: dnsLabel(`${spec.name}-platform-tls`) }
        : null;
  return ingressFor(spec, spec.name, host, 'platform', { entry, clusterIssuer }, options);
}

/**
 * The custom domain: its own Ingress (so cert-manager's annotation never touches a Secret the
 * platform wrote), TLS from the stored certificate's Secret, else from cert-manager when a
 * ClusterIssuer is configured, else plain HTTP.
 */
export function renderDomainIngress(
  spec: ApplicationSpec,
  ingress: NonNullable<ApplicationSpec['ingress']>,
  options: RenderOptions,
): IngressObject {
  const host = hostName(ingress.host);
  const clusterIssuer = ingress.tls ? null : (options.clusterIssuer ?? null);
  const entry: IngressTls | null = ingress.tls
    ? { hosts: [host], secretName: dnsLabel(ingress.tls.secretName) }
    : clusterIssuer
      ? { hosts: [host], secretName: dnsLabel(`${ingress.name}-domain-tls`) }
      : null;
  return ingressFor(
    spec,
    `${ingress.name}-domain`,
    host,
    'domain',
    { entry, clusterIssuer },
    options,
  );
}
