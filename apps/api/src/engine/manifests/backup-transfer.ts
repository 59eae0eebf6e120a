import type { ApplicationSpec } from '../spec';
import type { SecurityProfile } from '../templates/security';
import { containerSecurity, envVars, helperImage, resources } from './containers';
import { objectMeta } from './meta';
import type { Container, RenderOptions, SecretObject } from './types';

/**
 * What every Job that moves a backup archive between the cluster and the project's S3 storage
 * shares (backup-job.ts: backup and restore; test-restore-job.ts: the weekly test restore):
 * the transfer image, the scratch volume the archive is packed or unpacked in, the Secret of
 * the Job's own that holds its presigned URL (never the Job's spec), and the init container
 * that downloads an archive and checks its SHA-256.
 */

/** Small image with curl, sha256sum, tar and gzip (Alpine's busybox); pulled by the cluster. */
export const BACKUP_TRANSFER_IMAGE = 'docker.io/curlimages/curl:8.11.1';
export const WORK_VOLUME = 'work';
export const WORK_PATH = '/work';
export const ARCHIVE = `${WORK_PATH}/archive.tar.gz`;

/** The Secret holding a Job's presigned URL (and anything else only that Job may read). */
export const transferSecretName = (jobName: string) => `${jobName}-transfer`;
export const TRANSFER_URL_KEY = 'url';

/** An environment variable read from the Job's transfer Secret. */
export const fromTransferSecret = (jobName: string, name: string, key: string) => ({
  name,
  valueFrom: { secretKeyRef: { name: transferSecretName(jobName), key } },
});

/**
 * The Job's transfer Secret. The driver applies it once the Job exists, owned by it
 * (ownerReferences with the Job's uid): the garbage collector deletes it with the Job.
 */
export function renderTransferSecret(
  spec: ApplicationSpec,
  jobName: string,
  data: Record<string, string>,
): SecretObject {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: objectMeta(spec, transferSecretName(jobName), 'backup'),
    type: 'Opaque',
    data: Object.fromEntries(
      Object.entries(data).map(([k, v]) => [k, Buffer.from(v, 'utf8').toString('base64')]),
    ),
  };
}

export function scratch(spec: ApplicationSpec) {
  // Room for a dump and the files twice (their tar, then the archive).
  const sizeMb = 2 * spec.app.volume.sizeMb + (spec.database?.volume.sizeMb ?? 0);
  return { name: WORK_VOLUME, emptyDir: { sizeLimit: `${sizeMb}Mi` } };
}

export const DOWNLOAD = [
  'set -e',
  `curl --fail --silent --show-error --retry 2 --output ${ARCHIVE} "$DOWNLOAD_URL"`,
  `echo "$SHA256  ${ARCHIVE}" | sha256sum -c -`,
  `tar -xzf ${ARCHIVE} -C ${WORK_PATH}`,
  `rm -f ${ARCHIVE}`,
].join('\n');

/**
 * The init container that fetches an archive into the work volume and checks its SHA-256: the
 * presigned URL comes from the Job's transfer Secret, never from the spec. Run as `security`
 * (the container the archive is loaded into), without capabilities.
 */
export function downloadContainer(
  spec: ApplicationSpec,
  jobName: string,
  transfer: { sha256: string },
  options: RenderOptions,
  security: SecurityProfile,
): Container {
  return {
    name: 'download',
    image: helperImage(BACKUP_TRANSFER_IMAGE, options),
    command: ['sh', '-c', DOWNLOAD],
    env: [
      fromTransferSecret(jobName, 'DOWNLOAD_URL', TRANSFER_URL_KEY),
      ...envVars(spec, [{ name: 'SHA256', value: transfer.sha256 }]),
    ],
    resources: resources(250, 128),
    volumeMounts: [{ name: WORK_VOLUME, mountPath: WORK_PATH }],
    securityContext: containerSecurity({ ...security, capabilities: [] }),
  };
}
