import { eq } from 'drizzle-orm';
import type { DatabasePublicSettings } from './database-public-endpoint';
import type { Executor } from '../../db/client';
import { environments } from '../../db/schema/environments';
import type { HostnamePolicy } from '../routing/reserved-hosts';
import { servedDomainLookup, type ServedDomainLookup } from '../routing/served-domains';
import type { ApplicationSpec } from '../spec';
import { autoscalingSpecOf } from './autoscaling-spec';
import { linkedDatabasesLookup, type LinkedDatabasesLookup } from './linked-databases';
import {
  registryCredentialLookup,
  type RegistryCredentialLookup,
} from './registry-credential-lookup';
import {
  projectRegistryCredentialsLookup,
  type ProjectRegistryCredentialsLookup,
} from './project-registry-credentials';
import {
  specForDeployment,
  type ApplicationUrl,
  type CertificateLookup,
  type DeploymentRow,
} from './spec-for-deployment';

export interface ApplicationSpecsOptions {
  db: Executor;
  secretsKey: Buffer;
  certificates?: CertificateLookup | undefined;
  /** The URL users open, when the runtime decides it (docker's edge proxy). */
  applicationUrl?: ApplicationUrl | undefined;
  /** The platform's reserved names, for which custom domain may be served (served-domains.ts). */
  hostnames?: HostnamePolicy | undefined;
  /** Databases' public endpoints (DATABASE_PUBLIC_*): absent, none is published. */
  databasePublic?: DatabasePublicSettings | undefined;
}

/**
 * The one way an application's row becomes the spec its runtime gets, owned by the engine:
 * the reconciler's applies and drift repairs, the manifests folder, backups and restores all
 * ask it. A restore re-runs the setup task with the spec it is given, so a spec built
 * elsewhere with fewer inputs (once: without the application's URL, so WordPress's
 * home/siteurl became http://localhost after a restore) undoes what the deploy applied.
 */
export class ApplicationSpecs {
  private readonly certificates: CertificateLookup;
  private readonly servedDomain: ServedDomainLookup;
  private readonly registryCredentials: RegistryCredentialLookup;
  private readonly projectRegistryCredentials: ProjectRegistryCredentialsLookup;
  private readonly linkedDatabases: LinkedDatabasesLookup;

  constructor(private readonly opts: ApplicationSpecsOptions) {
    this.certificates = opts.certificates ?? (async () => null);
    this.registryCredentials = registryCredentialLookup(opts.db, opts.secretsKey);
    this.projectRegistryCredentials = projectRegistryCredentialsLookup(opts.db, opts.secretsKey);
    this.servedDomain = servedDomainLookup(opts.db, opts.hostnames ?? {});
    this.linkedDatabases = linkedDatabasesLookup(opts.db, opts.secretsKey);
  }

  /** The spec of `row`, whose environment's namespace the caller already read. */
  async of(row: DeploymentRow, namespace: string): Promise<ApplicationSpec> {
    const spec = await specForDeployment({
      row,
      namespace,
      secretsKey: this.opts.secretsKey,
      certificates: this.certificates,
      servedDomain: this.servedDomain,
      registryCredentials: this.registryCredentials,
      projectRegistryCredentials: this.projectRegistryCredentials,
      linkedDatabases: this.linkedDatabases,
      applicationUrl: this.opts.applicationUrl ?? null,
      databasePublic: this.opts.databasePublic,
    });
    return { ...spec, autoscaling: await autoscalingSpecOf(this.opts.db, row.id) };
  }

  /** The spec of `row`, its environment's namespace read from the database. */
  async ofApplication(row: DeploymentRow): Promise<ApplicationSpec> {
    const [env] = await this.opts.db
      .select({ namespace: environments.namespace })
      .from(environments)
      .where(eq(environments.id, row.environmentId));
    if (!env) throw new Error(`environment ${row.environmentId} of ${row.id} not found`);
    return this.of(row, env.namespace);
  }
}
