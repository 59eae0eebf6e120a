import type { AppContext } from '../../../app-context';
import type { RuntimeName } from '../../../engine/driver';
import type { CertManagerApi } from '../../../engine/drivers/kubernetes/cert-manager';
import type { AcmeIssuerDeps } from './acme';
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

/**
 * An issuer that loads its implementation on first use: the ACME client and the Kubernetes
 * libraries weigh a few hundred milliseconds of start-up, and a process needs at most one of them.
 */
function lazyIssuer(mode: IssuanceMode, load: () => Promise<CertificateIssuer>): CertificateIssuer {
  let loaded: Promise<CertificateIssuer> | undefined;
  const get = () => (loaded ??= load());
  return {
    mode,
    issue: async (row) => (await get()).issue(row),
    remove: async (row) => (await get()).remove?.(row),
  };
}

export function issuerFor(
  ctx: AppContext,
  opts: { acmeBackoff?: AcmeIssuerDeps['backoff'] } = {},
): CertificateIssuer {
  const config = ctx.config.certificates;
  switch (issuanceModeOf(ctx.engine.runtime)) {
    case 'cert-manager':
      return lazyIssuer('cert-manager', async () => {
        const driver = ctx.engine.driver as Partial<{ certManager(): CertManagerApi }>;
        if (!driver.certManager)
          throw new Error('cert-manager issuance needs the Kubernetes driver');
        const [{ certManagerIssuer }, { directoryFor }] = await Promise.all([
          import('./cert-manager'),
          import('./acme'),
        ]);
        return certManagerIssuer(driver.certManager(), {
          namespace: config.certManager.namespace,
          ingressClassName: ctx.config.kubernetes.ingressClassName,
          dns01Solver: config.certManager.dns01Solver,
          directoryFor: (staging) => directoryFor(config, staging),
        });
      });
    case 'acme':
      return lazyIssuer('acme', async () => {
        const { acmeIssuer } = await import('./acme');
        const driver = ctx.engine.driver;
        return acmeIssuer({
          db: ctx.db,
          // Docker: the edge proxy owns port 80 and must serve the HTTP-01 answers itself.
          ...(driver.challengesChanged
            ? { challengesChanged: () => driver.challengesChanged!() }
            : {}),
          secretsKey: ctx.secrets.secretsKey,
          config,
          ...(opts.acmeBackoff ? { backoff: opts.acmeBackoff } : {}),
        });
      });
    case 'simulation':
      return simulationIssuer();
  }
}
