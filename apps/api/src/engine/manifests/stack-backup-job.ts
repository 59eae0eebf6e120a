import { composeTexts } from '@nuage/shared/messages/compose';
import type { BackupManifest } from '../backup-parts';
import { RuntimeRejectedError } from '../driver';
import type { ApplicationSpec } from '../spec';
import { stackVolumes, type StackVolume } from '../stack-volumes';
import { backupJobName, job, restoreJobName, uploadContainer } from './backup-job';
import { WORK_PATH, WORK_VOLUME, downloadContainer } from './backup-transfer';
import { containerSecurity, envVars, resources } from './containers';
import { dnsLabel } from './meta';
import type { Container, JobObject, RenderOptions } from './types';

/**
 * A Compose application's backup and restore Jobs on Kubernetes (issue 30 item 2): the same
 * archive as on Docker (a tar per named volume, `volume-<i>.tar`, and the manifest listing
 * them by name), made and read in the cluster like any application's (backup-job.ts). Each
 * volume is tarred or refilled by a container of the image of a service mounting it (its
 * shell, its tar, its users), mounting that claim only. The driver stops the services that
 * mount a volume first (drivers/kubernetes/backup-jobs.ts): the claims are ReadWriteOnce and
 * nothing writes them while they are copied.
 */

const VOLUME_MOUNT = '/nuagedeploy-volume';
const claimVolume = (i: number) => `volume-${i}`;

function withClaims(
  spec: ApplicationSpec,
  j: JobObject,
  volumes: StackVolume[],
  readOnly: boolean,
) {
  const pod = j.spec!.template.spec!;
  // Room for every volume twice (their tars, then the archive).
  const sizeMb = 2 * volumes.reduce((sum, v) => sum + (volumeSize(spec, v) || 1), 0);
  pod.volumes = [
    ...volumes.map((v, i) => ({
      name: claimVolume(i),
      persistentVolumeClaim: { claimName: dnsLabel(v.claimName), readOnly },
    })),
    { name: WORK_VOLUME, emptyDir: { sizeLimit: `${sizeMb}Mi` } },
  ];
  return j;
}

const volumeSize = (spec: ApplicationSpec, v: StackVolume) =>
  v.service.volumes.find((m) => m.claimName === v.claimName)?.sizeMb ?? 0;

function volumeContainer(
  spec: ApplicationSpec,
  v: StackVolume,
  i: number,
  script: string,
  env: { name: string; value: string }[],
  readOnly: boolean,
): Container {
  return {
    name: claimVolume(i),
    image: v.service.image,
    command: ['sh', '-c', script],
    env: envVars(spec, env),
    resources: resources(250, 256),
    volumeMounts: [
      { name: claimVolume(i), mountPath: VOLUME_MOUNT, ...(readOnly ? { readOnly: true } : {}) },
      { name: WORK_VOLUME, mountPath: WORK_PATH },
    ],
    securityContext: containerSecurity(v.service.security),
  };
}

export function renderStackBackupJob(
  spec: ApplicationSpec,
  stamp: string,
  options: RenderOptions,
  transfer: { manifest: BackupManifest },
): JobObject {
  const volumes = stackVolumes(spec);
  const name = backupJobName(spec, stamp);
  const tars = volumes.map((v, i) =>
    volumeContainer(
      spec,
      v,
      i,
      'set -e; tar -C "$SOURCE" -cf "$TARGET" .',
      [
        { name: 'SOURCE', value: VOLUME_MOUNT },
        { name: 'TARGET', value: `${WORK_PATH}/${v.part}` },
      ],
      true,
    ),
  );
  const upload = uploadContainer(spec, name, options, transfer.manifest);
  return withClaims(
    spec,
    job(spec, name, options, { init: tars, main: upload }, null),
    volumes,
    true,
  );
}

/**
 * Finds the volume's part in the backup's manifest by its name (a backup of another stack
 * numbers its volumes in its own order), empties the claim and unpacks it; a volume the backup
 * does not hold is left as it is. Names are DNS labels ([a-z0-9-]): safe in the pattern.
 */
export const STACK_REFILL_SCRIPT = [
  'set -e',
  `part=$(tr -d ' \\n' < "$WORK/manifest.json" | grep -o "\\"name\\":\\"$NAME\\",\\"part\\":\\"volume-[0-9]*\\.tar\\"" | grep -o 'volume-[0-9]*\\.tar' || true)`,
  `if [ -z "$part" ]; then echo "${composeTexts.restoreVolumeAbsent('$NAME')}"; exit 0; fi`,
  // Every entry, dot files too, without find -delete (BusyBox's find has none).
  'rm -rf "$TARGET"/* "$TARGET"/.[!.]* "$TARGET"/..?*',
  'tar -C "$TARGET" -xf "$WORK/$part"',
].join('\n');

export function renderStackRestoreJob(
  spec: ApplicationSpec,
  stamp: string,
  options: RenderOptions,
  transfer: { sha256: string },
): JobObject {
  const volumes = stackVolumes(spec);
  if (volumes.length === 0) throw new RuntimeRejectedError(composeTexts.restoreNoVolumes);
  const name = restoreJobName(spec, stamp);
  const download = downloadContainer(spec, name, transfer, options, spec.app.security);
  const refills = volumes.map((v, i) =>
    volumeContainer(
      spec,
      v,
      i,
      STACK_REFILL_SCRIPT,
      [
        { name: 'NAME', value: v.name },
        { name: 'TARGET', value: VOLUME_MOUNT },
        { name: 'WORK', value: WORK_PATH },
      ],
      false,
    ),
  );
  const last = refills.pop()!;
  return withClaims(
    spec,
    job(spec, name, options, { init: [download, ...refills], main: last }, null),
    volumes,
    false,
  );
}
