import { templateOf } from '@nuage/shared/catalog';
import { dnsFragment } from '../../lib/naming';
import {
  LABELS,
  MANAGED_BY,
  type ApplicationSpec,
  type DatabaseSpec,
  type ProbeSpec,
} from '../spec';
import { applicationProfiles, type ApplicationSecrets } from './applications';
import { databaseProbes, databaseProfiles } from './databases';
import { splitResources } from './resources';
import { applicationSecurity, databaseSecurity, setupSecurity } from './security';

export interface SpecInput {
  deployment: {
    id: string;
    projectId: string;
    environmentId: string;
    nom: string;
    /** Fixed at creation (see applicationName); derived from template, name and id when absent. */
    runtimeName?: string;
    /** Fixed at creation and unique (see engine/routing/hostnames.ts); the runtime name when absent. */
    hostLabel?: string;
    template: string;
    imageRegistryUrl: string;
    imageTag: string;
    cpuMilli: number;
    ramMb: number;
    storageMb: number;
    replicas: number;
    domain: string | null;
    generation: number;
    adminEmail: string;
    /** Bumped by each "Régénérer": the setup task runs again and sets the new password. */
    adminPasswordRevision?: number;
  };
  namespace: string;
  secrets: ApplicationSecrets;
  certificate: { certificatePem: string; privateKeyPem: string } | null;
  /** The URL users open (docker: the edge proxy's, engine/routing/edge-routes.ts); else from the domain. */
  applicationUrl?: string | null;
}

/** `<template>-<name>-<6 hex of the id>`: readable, unique, ≤ 40 characters, DNS-1123. */
export function applicationName(template: string, nom: string, deploymentId: string): string {
  const suffix = deploymentId.replace(/-/g, '').slice(0, 6);
  return `${dnsFragment(`${template}-${nom}`, 32, 'app')}-${suffix}`;
}

/** Past this liveness delay an image is a slow starter: it gets a startup probe (Odoo, Nextcloud). */
const SLOW_START_SECONDS = 120;

function httpProbes(
  port: number,
  path: string,
  livenessDelaySeconds: number,
): { readiness: ProbeSpec; liveness: ProbeSpec; startup?: ProbeSpec } {
  return {
    // Five times the usual delay to answer once (first start: schema creation, app install).
    ...(livenessDelaySeconds >= SLOW_START_SECONDS
      ? {
          startup: {
            check: { kind: 'http', path, port },
            initialDelaySeconds: 10,
            periodSeconds: 10,
            timeoutSeconds: 5,
            failureThreshold: Math.ceil((livenessDelaySeconds * 5) / 10),
          },
        }
      : {}),
    readiness: {
      check: { kind: 'http', path, port },
      initialDelaySeconds: 10,
      periodSeconds: 10,
      timeoutSeconds: 5,
      failureThreshold: 30,
    },
    liveness: {
      check: { kind: 'http', path, port },
      initialDelaySeconds: livenessDelaySeconds,
      periodSeconds: 20,
      timeoutSeconds: 5,
      failureThreshold: 6,
    },
  };
}

/** The runtime-neutral description of one application (see spec.ts). */
export function buildApplicationSpec(input: SpecInput): ApplicationSpec {
  const d = input.deployment;
  const template = templateOf(d.template);
  const profile = applicationProfiles[template.id];
  const name = d.runtimeName ?? applicationName(template.id, d.nom, d.id);
  const labels = {
    [LABELS.managedBy]: MANAGED_BY,
    [LABELS.name]: template.id,
    [LABELS.instance]: name,
    [LABELS.deploymentId]: d.id,
    [LABELS.environmentId]: d.environmentId,
    [LABELS.projectId]: d.projectId,
  };
  const split = splitResources(d);
  const dbProfile = databaseProfiles[template.database.engine];
  const dbName = `${name}-db`;
  const publicUrl =
    input.applicationUrl ??
    (d.domain ? `${input.certificate ? 'https' : 'http'}://${d.domain}` : null);
  const ctx = {
    dbHost: dbName,
    dbPort: dbProfile.port,
    database: template.database.database,
    dbUser: template.database.user,
    publicUrl,
    domain: d.domain,
    adminEmail: d.adminEmail,
    siteTitle: d.nom,
  };
  const secrets = input.secrets;

  const database: DatabaseSpec = {
    name: dbName,
    engine: template.database.engine,
    serviceName: dbName,
    databaseName: template.database.database,
    user: template.database.user,
    image: dbProfile.image,
    port: dbProfile.port,
    env: dbProfile.env({ database: template.database.database, user: template.database.user }),
    cpuMilli: split.database.cpuMilli,
    ramMb: split.database.ramMb,
    ...databaseProbes(dbProfile.port),
    security: databaseSecurity[template.database.engine],
    volume: {
      claimName: `${dbName}-data`,
      mountPath: dbProfile.dataPath,
      sizeMb: split.database.storageMb,
      ...(dbProfile.subPath ? { subPath: dbProfile.subPath } : {}),
    },
  };

  const setupTask = profile.setup?.(ctx);
  const setup = setupTask
    ? {
        name: `${name}-setup`,
        security: setupSecurity,
        ...setupTask,
        // A literal that changes with each regeneration: both runtimes then run the task again
        // (a Kubernetes Job reads the password by reference, so the value alone would not show).
        env: [
          ...setupTask.env,
          { name: 'NUAGE_PASSWORD_REVISION', value: String(d.adminPasswordRevision ?? 0) },
        ],
      }
    : null;
  return {
    deploymentId: d.id,
    generation: d.generation,
    name,
    hostLabel: d.hostLabel ?? name,
    namespace: input.namespace,
    template: template.id,
    labels,
    replicas: d.replicas,
    secretName: `${name}-secrets`,
    secretData: {
      'admin-password': secrets.adminPassword,
      'db-password': secrets.dbPassword,
      'db-root-password': secrets.dbRootPassword,
      ...(profile.extraSecrets?.({ ...ctx, secrets }) ?? {}),
    },
    app: {
      name,
      image: `${d.imageRegistryUrl}:${d.imageTag}`,
      port: template.port,
      ...(profile.command ? { command: profile.command } : {}),
      env: profile.env(ctx),
      cpuMilli: split.app.cpuMilli,
      ramMb: split.app.ramMb,
      ...httpProbes(template.port, profile.healthPath, profile.livenessDelaySeconds),
      volume: {
        claimName: `${name}-data`,
        mountPath: profile.dataPath,
        sizeMb: split.app.storageMb,
      },
      ...(profile.secretFiles ? { secretFiles: profile.secretFiles } : {}),
      security: applicationSecurity[template.id],
    },
    database,
    setup,
    service: { name, port: template.port, targetPort: template.port },
    ingress: d.domain
      ? {
          name,
          host: d.domain,
          tls: input.certificate ? { secretName: `${name}-tls`, ...input.certificate } : null,
        }
      : null,
  };
}
