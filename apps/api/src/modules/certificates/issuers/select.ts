import type { AppContext } from '../../../app-context';
import type { RuntimeName } from '../../../engine/driver';
import { KubernetesDriver } from '../../../engine/drivers/kubernetes/kubernetes-driver';
import { acmeIssuer, directoryFor, type AcmeIssuerDeps } from './acme';
import { certManagerIssuer } from './cert-manager';
import { simulationIssuer } from './simulation';
import type { CertificateIssuer, IssuanceMode } from './types';

/** Kubernetes: cert-manager; Docker/Podman: the platform's own ACME client; simulation: the local authority. */
export function issuanceModeOf(runtime: RuntimeName): IssuanceMode {
  return runtime === 'kubernetes' ? 'cert-manager' : runtime === 'docker' ? 'acme' : 'simulation';
}

/** A wildcard is validated by DNS-01 only: it needs a solver on the runtime's path. */
export function wildcardSupported(ctx: AppContext): boolean {
  switch (issuanceModeOf(ctx.engine.runtime)) {
    case 'cert-manager':
      return ctx.config.certificates.certManager.dns01Solver !== undefined;
    case 'acme':
      return ctx.config.certificates.dns01 !== undefined;
    case 'simulation':
      return true;
  }
}

export function issuerFor(
  ctx: AppContext,
  opts: { acmeBackoff?: AcmeIssuerDeps['backoff'] } = {},
): CertificateIssuer {
  const config = ctx.config.certificates;
  switch (issuanceModeOf(ctx.engine.runtime)) {
    case 'cert-manager': {
      const driver = ctx.engine.driver;
      if (!(driver instanceof KubernetesDriver))
        throw new Error('cert-manager issuance needs the Kubernetes driver');
      return certManagerIssuer(driver.certManager(), {
        namespace: config.certManager.namespace,
        ingressClassName: ctx.config.kubernetes.ingressClassName,
        dns01Solver: config.certManager.dns01Solver,
        directoryFor: (staging) => directoryFor(config, staging),
      });
    }
    case 'acme':
      return acmeIssuer({
        db: ctx.db,
        secretsKey: ctx.secrets.secretsKey,
        config,
        ...(opts.acmeBackoff ? { backoff: opts.acmeBackoff } : {}),
      });
    case 'simulation':
      return simulationIssuer();
  }
}
