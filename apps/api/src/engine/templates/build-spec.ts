import { templateOf } from '@nuage/shared/catalog';
import { dnsFragment } from '../../lib/naming';
import {
  LABELS,
  MANAGED_BY,
  type ApplicationSpec,
  type DatabaseSpec,
  type ProbeSpec,
} from '../spec';
import { applicationProfiles } from './applications';
import { databaseProbes, databaseProfiles } from './databases';
import { splitResources } from './resources';
import { applicationSecurity, databaseSecurity, setupSecurity } from './security';

export interface ApplicationSecrets {
  adminPassword: string;
  dbPassword: string;
  dbRootPassword: string;
}

export interface SpecInput {
  deployment: {
    id: string;
    projectId: string;
    environmentId: string;
    nom: string;
    /** Fixed at creation (see applicationName); derived from template, name and id when absent. */
    runtimeName?: string;
    /** Fixed at creation and unique (see engine/hostnames.ts); the runtime name when absent. */
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
  };
  namespace: string;
  secrets: ApplicationSecrets;
  certificate: { certificatePem: string; privateKeyPem: string } | null;
  /** The URL users open (docker: the edge proxy's, engine/edge-routes.ts); else from the domain. */
  applicationUrl?: string | null;
}

/** `<template>-<name>-<6 hex of the id>`: readable, unique, ≤ 40 characters, DNS-1123. */
export function applicationName(template: string, nom: string, deploymentId: string): string {
  const suffix = deploymentId.replace(/-/g, '').slice(0, 6);
  return `${dnsFragment(`${template}-${nom}`, 32, 'app')}-${suffix}`;
}

function httpProbes(
  port: number,
  path: string,
  livenessDelaySeconds: number,
): { readiness: ProbeSpec; liveness: ProbeSpec } {
  return {
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

  const setup = profile.setup
    ? { name: `${name}-setup`, ...profile.setup(ctx), security: setupSecurity }
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
      'admin-password': input.secrets.adminPassword,
      'db-password': input.secrets.dbPassword,
      'db-root-password': input.secrets.dbRootPassword,
      ...(profile.extraSecrets?.({ ...ctx, adminPassword: input.secrets.adminPassword }) ?? {}),
    },
    app: {
      name,
      image: `${d.imageRegistryUrl}:${d.imageTag}`,
      port: template.port,
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
