import type { ICertificate } from '@kubernetes-models/cert-manager/cert-manager.io/v1/Certificate';
import type { IIssuer } from '@kubernetes-models/cert-manager/cert-manager.io/v1/Issuer';
import type { INamespace } from 'kubernetes-models/v1/Namespace';
import { LABELS, MANAGED_BY } from '../../../engine/spec';
import { orderedNames } from '../domains';
import type { CertificateRow } from '../policy';

type Solver = NonNullable<NonNullable<IIssuer['spec']['acme']>['solvers']>[number];
type Meta = { name: string; namespace?: string; labels?: Record<string, string> };
type Named<T> = Omit<T, 'metadata'> & { metadata: Meta };

export interface CertManagerSettings {
  namespace: string;
  directoryUrl: string;
  ingressClassName?: string | undefined;
  /** CERT_MANAGER_DNS01_SOLVER: the `dns01` block of a solver (wildcards). */
  dns01Solver?: Record<string, unknown> | undefined;
}

export const CERTIFICATE_ID_LABEL = 'nuagedeploy.io/certificate-id';

/** Object names derived from the certificate id only: nothing a user typed names an object. */
export function certManagerNames(certificateId: string) {
  return {
    issuer: `acme-${certificateId}`,
    accountSecret: `acme-${certificateId}-compte`,
    certificate: `cert-${certificateId}`,
    secret: `cert-${certificateId}-tls`,
  };
}

/** SPEC §9's 30-day mark, as cert-manager's renewBefore. */
const RENEW_BEFORE = '720h';

/**
 * What cert-manager needs to order a certificate: the platform's certificates namespace, an
 * Issuer of the certificate's own (ACME server from its test mode, its contact e-mail, HTTP-01
 * through the cluster's ingress, or the configured DNS-01 solver for a wildcard) and the
 * Certificate, whose Secret the platform copies into each application's TLS Secret.
 *
 * Why a namespaced Issuer per certificate in one platform namespace rather than a ClusterIssuer
 * or the environment's namespace: a certificate belongs to a project, not an environment (its
 * applications may live in several namespaces); each has its own contact e-mail and test mode;
 * and the platform needs no cluster-scoped write right for it.
 */
export function renderCertManagerObjects(
  row: CertificateRow,
  settings: CertManagerSettings,
): [Named<INamespace>, Named<IIssuer>, Named<ICertificate>] {
  const names = certManagerNames(row.id);
  const labels = {
    [LABELS.managedBy]: MANAGED_BY,
    [LABELS.projectId]: row.projectId,
    [CERTIFICATE_ID_LABEL]: row.id,
  };
  const metadata = (name: string) => ({ name, namespace: settings.namespace, labels });
  const solver: Solver =
    row.wildcard && settings.dns01Solver
      ? { dns01: settings.dns01Solver as Solver['dns01'] }
      : // `class` rather than ingressClassName: the field the pinned cert-manager schema knows.
        {
          http01: {
            ingress: settings.ingressClassName ? { class: settings.ingressClassName } : {},
          },
        };
  return [
    {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: {
        name: settings.namespace,
        // The admission policy (deploy/kubernetes/platform.yaml) refuses any namespace of the
        // platform's account without PodSecurity enforced. cert-manager runs its HTTP-01
        // solver pods here: baseline enforced, restricted reported.
        labels: {
          [LABELS.managedBy]: MANAGED_BY,
          'pod-security.kubernetes.io/enforce': 'baseline',
          'pod-security.kubernetes.io/warn': 'restricted',
          'pod-security.kubernetes.io/audit': 'restricted',
        },
      },
    },
    {
      apiVersion: 'cert-manager.io/v1',
      kind: 'Issuer',
      metadata: metadata(names.issuer),
      spec: {
        acme: {
          server: settings.directoryUrl,
          email: row.acmeEmail ?? '',
          privateKeySecretRef: { name: names.accountSecret },
          solvers: [solver],
        },
      },
    },
    {
      apiVersion: 'cert-manager.io/v1',
      kind: 'Certificate',
      metadata: metadata(names.certificate),
      spec: {
        secretName: names.secret,
        dnsNames: orderedNames(row.domain, row.wildcard),
        issuerRef: { name: names.issuer, kind: 'Issuer', group: 'cert-manager.io' },
        renewBefore: RENEW_BEFORE,
        privateKey: { algorithm: 'ECDSA', size: 256, rotationPolicy: 'Always' },
        usages: ['digital signature', 'key encipherment', 'server auth'],
        secretTemplate: { labels },
      },
    },
  ];
}
