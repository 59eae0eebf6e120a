import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import { X509Certificate } from 'node:crypto';
import type { CertManagerApi } from '../../../engine/drivers/kubernetes/cert-manager';
import { ObjectValidationError } from '../../../engine/manifests/validate';
import { RuntimeRejectedError, RuntimeUnavailableError } from '../../../engine/driver';
import type { CertificateRow } from '../policy';
import { parseCertificateChain } from '../pem';
import {
  certManagerNames,
  renderCertManagerObjects,
  type CertManagerSettings,
} from './cert-manager-objects';
import { IssuanceError, type CertificateIssuer } from './types';
import { issuanceTexts } from '@nuage/shared/messages/certificates';

interface Condition {
  type?: string;
  status?: string;
  reason?: string;
  message?: string;
}
interface CertificateObject {
  status?: { conditions?: Condition[]; lastFailureTime?: string };
}
interface SecretObject {
  data?: Record<string, string | undefined>;
}

/** How often the worker looks at the Certificate while cert-manager works. */
export const FOLLOW_INTERVAL_MS = 10_000;

const decode = (b64: string | undefined) =>
  b64 ? Buffer.from(b64, 'base64').toString('utf8') : null;

function sameLeaf(a: string, b: string | null): boolean {
  if (!b) return false;
  try {
    return new X509Certificate(a).fingerprint256 === parseCertificateChain(b)[0]!.fingerprint256;
  } catch {
    return false;
  }
}

/**
 * On Kubernetes cert-manager orders and renews (renewBefore 30 days); the platform renders and
 * applies its objects, follows the Certificate's Ready condition, then copies the Secret's
 * certificate and key into the database (applications get them through their own TLS Secret).
 * A renewal asked for while the Secret still holds the stored certificate deletes that Secret:
 * cert-manager re-issues a Certificate whose Secret is missing.
 */
export function certManagerIssuer(
  api: CertManagerApi,
  settings: Omit<CertManagerSettings, 'directoryUrl'> & {
    directoryFor: (staging: boolean) => string;
  },
): CertificateIssuer {
  const namespace = settings.namespace;
  const ref = (kind: 'Issuer' | 'Certificate', name: string) => ({
    apiVersion: 'cert-manager.io/v1',
    kind,
    metadata: { name, namespace },
  });
  const secretRef = (name: string) => ({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name, namespace },
  });

  return {
    mode: 'cert-manager',
    async issue(row: CertificateRow) {
      if (row.wildcard && !settings.dns01Solver)
        throw new IssuanceError(m.wildcardNeedsDns01, false);
      const names = certManagerNames(row.id);
      try {
        const objects = renderCertManagerObjects(row, {
          ...settings,
          directoryUrl: settings.directoryFor(row.staging),
        });
        for (const object of objects) await api.apply(object);
        const certificate = await api.get<CertificateObject>(ref('Certificate', names.certificate));
        const conditions = certificate?.status?.conditions ?? [];
        const ready = conditions.find((c) => c.type === 'Ready');
        if (ready?.status !== 'True') {
          const issuing = conditions.find((c) => c.type === 'Issuing');
          if (certificate?.status?.lastFailureTime && issuing?.status === 'False') {
            throw new IssuanceError(
              issuanceTexts.certManagerFailed(issuing.message ?? ready?.message),
              true,
            );
          }
          return { kind: 'waiting', retryInMs: FOLLOW_INTERVAL_MS };
        }
        const secret = await api.get<SecretObject>(secretRef(names.secret));
        const certificatePem = decode(secret?.data?.['tls.crt']);
        const privateKeyPem = decode(secret?.data?.['tls.key']);
        if (!certificatePem || !privateKeyPem)
          return { kind: 'waiting', retryInMs: FOLLOW_INTERVAL_MS };
        if (sameLeaf(certificatePem, row.certificatePem)) {
          await api.delete(secretRef(names.secret));
          return { kind: 'waiting', retryInMs: FOLLOW_INTERVAL_MS };
        }
        return { kind: 'issued', certificatePem, privateKeyPem };
      } catch (error) {
        throw asIssuanceError(error);
      }
    },
    async remove(row) {
      const names = certManagerNames(row.id);
      await api.delete(ref('Certificate', names.certificate));
      await api.delete(ref('Issuer', names.issuer));
      await api.delete(secretRef(names.secret));
      await api.delete(secretRef(names.accountSecret));
    },
  };
}

function asIssuanceError(error: unknown): IssuanceError {
  if (error instanceof IssuanceError) return error;
  if (error instanceof ObjectValidationError) {
    return new IssuanceError(issuanceTexts.certManagerInvalid(error.message), false, {
      cause: error,
    });
  }
  if (error instanceof RuntimeUnavailableError)
    return new IssuanceError(error.message, true, { cause: error });
  if (error instanceof RuntimeRejectedError) {
    return new IssuanceError(issuanceTexts.certManagerRefused(error.message), false, {
      cause: error,
    });
  }
  throw error;
}
