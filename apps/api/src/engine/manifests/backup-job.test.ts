import { describe, expect, it } from 'vitest';
import { backupJobName, renderBackupJob, renderRestoreJob, restoreJobName } from './backup-job';
import { BACKUP_TRANSFER_IMAGE, renderTransferSecret, transferSecretName } from './backup-transfer';
import type { JobObject } from './types';
import { WAIT_IMAGE, renderSetupJob } from './workloads';
import { renderTestRestoreJob, testRestoreJobName } from './test-restore-job';
import { makeSpec } from '../../../test/engine/manifests/test-fixtures';
import { validateObject } from './validate';

const manifest = {
  format: 1 as const,
  template: 'wordpress',
  database: 'mariadb' as const,
  runtime: 'kubernetes',
  createdAt: '2025-01-10T09:00:00.000Z',
};
const UPLOAD = 'https://s3.exemple.sn/sauvegardes/a.tar.gz?X-Amz-Signature=abc';

describe('backup and restore Jobs on Kubernetes', () => {
  it.each(['wordpress', 'odoo'] as const)(
    '%s: a valid Job that dumps, archives the files and uploads one archive to the presigned URL',
    (template) => {
      const spec = makeSpec({ template, nom: `Boutique "; rm -rf / #` });
      const job = renderBackupJob(spec, '20250110t0900', {}, { manifest });
      expect(() => validateObject(job)).not.toThrow();
      expect(job.metadata.name).toBe(backupJobName(spec, '20250110t0900'));

      const pod = job.spec!.template.spec!;
      expect(pod.initContainers!.map((c) => c.name)).toEqual(['database', 'files']);
      expect(pod.containers.map((c) => c.name)).toEqual(['upload']);
      const [dump, files] = pod.initContainers!;
      expect(dump!.image).toBe(spec.database!.image);
      expect(dump!.command!.join(' ')).toMatch(
        template === 'wordpress' ? /mariadb-dump .*--single-transaction/ : /pg_dump -Fc/,
      );
      // Passwords come from the application's Secret, never literally; no S3 key at all.
      const password = dump!.env!.find((e) => e.name === 'MYSQL_PWD' || e.name === 'PGPASSWORD');
      expect(password?.valueFrom?.secretKeyRef?.name).toBe(spec.secretName);
      expect(JSON.stringify(job)).not.toContain(spec.secretData['db-password'] ?? '§');
      expect(files!.volumeMounts).toContainEqual(
        expect.objectContaining({ mountPath: spec.app.volume.mountPath, readOnly: true }),
      );
      const upload = pod.containers[0]!;
      expect(upload.image).toBe(BACKUP_TRANSFER_IMAGE);
      expect(upload.command!.join(' ')).toMatch(/tar -czf .* \$parts/);
      expect(upload.command!.join(' ')).toContain('--upload-file');
      // The presigned URL only through the Job's own Secret; the Job waits for it, suspended.
      expect(upload.env).toContainEqual({
        name: 'UPLOAD_URL',
        valueFrom: { secretKeyRef: { name: transferSecretName(job.metadata.name), key: 'url' } },
      });
      expect(job.spec!.suspend).toBe(true);
      expect(job.spec!.backoffLimit).toBe(0);
      for (const c of [...pod.initContainers!, ...pod.containers]) {
        expect(c.command!.join(' ')).not.toContain('rm -rf');
        expect(c.securityContext?.allowPrivilegeEscalation).toBe(false);
      }
    },
  );

  it.each(['wordpress', 'odoo'] as const)(
    '%s: a valid restore Job that checks the SHA-256, loads the dump and refills the files claim',
    (template) => {
      const spec = makeSpec({ template });
      const sha256 = 'a'.repeat(64);
      const job = renderRestoreJob(spec, '20250110t0930', {}, { sha256 });
      expect(() => validateObject(job)).not.toThrow();
      expect(job.metadata.name).toBe(restoreJobName(spec, '20250110t0930'));
      const pod = job.spec!.template.spec!;
      expect(pod.initContainers!.map((c) => c.name)).toEqual(['download', 'database']);
      expect(pod.initContainers![0]!.command!.join(' ')).toContain('sha256sum -c');
      expect(pod.initContainers![0]!.env).toContainEqual({ name: 'SHA256', value: sha256 });
      expect(pod.initContainers![0]!.env).toContainEqual({
        name: 'DOWNLOAD_URL',
        valueFrom: { secretKeyRef: { name: transferSecretName(job.metadata.name), key: 'url' } },
      });
      expect(job.spec!.suspend).toBe(true);
      expect(pod.initContainers![1]!.command!.join(' ')).toMatch(
        template === 'wordpress' ? /DROP DATABASE IF EXISTS/ : /pg_restore --no-owner/,
      );
      const files = pod.containers[0]!;
      expect(files.command!.join(' ')).toContain('find "$TARGET" -mindepth 1 -delete');
      expect(pod.volumes).toContainEqual({
        name: 'data',
        persistentVolumeClaim: { claimName: spec.app.volume.claimName, readOnly: false },
      });
    },
  );

  it.each(['wordpress', 'odoo'] as const)(
    '%s: a valid test-restore Job: throwaway server without network, its own password, tables counted',
    (template) => {
      const spec = makeSpec({ template });
      const job = renderTestRestoreJob(spec, 'k1', { sha256: 'c'.repeat(64) })!;
      expect(() => validateObject(job)).not.toThrow();
      expect(job.metadata.name).toBe(testRestoreJobName(spec, 'k1'));
      const pod = job.spec!.template.spec!;
      expect(pod.initContainers!.map((c) => c.name)).toEqual(['download']);
      const [server] = pod.containers;
      expect(server!.image).toBe(spec.database!.image);
      const script = server!.command!.join(' ');
      expect(script).toMatch(
        template === 'wordpress' ? /mariadbd --skip-networking/ : /listen_addresses=''/,
      );
      expect(script).toContain('nuagedeploy-tables');
      // No volume of the application, no Secret of it: nothing it holds is touched or read.
      expect(pod.volumes!.map((v) => v.name)).toEqual(['work']);
      expect(JSON.stringify(job)).not.toContain(spec.secretName);
      // Its password is read from the Job's own transfer Secret, never written in the spec.
      expect(server!.env).toContainEqual({
        name: template === 'wordpress' ? 'MARIADB_ROOT_PASSWORD' : 'POSTGRES_PASSWORD',
        valueFrom: {
          secretKeyRef: { name: transferSecretName(job.metadata.name), key: 'password' },
        },
      });
      expect(server!.env!.filter((e) => /PASSWORD/.test(e.name) && e.value !== undefined)).toEqual(
        [],
      );
      expect(pod.initContainers![0]!.env).toContainEqual({
        name: 'DOWNLOAD_URL',
        valueFrom: { secretKeyRef: { name: transferSecretName(job.metadata.name), key: 'url' } },
      });
      expect(job.spec!.suspend).toBe(true);
    },
  );

  it('the transfer Secret holds the presigned URL and validates; it is what the Jobs reference', () => {
    const spec = makeSpec({ template: 'wordpress' });
    const job = renderBackupJob(spec, 'k1', {}, { manifest });
    const secret = renderTransferSecret(spec, job.metadata.name, { url: UPLOAD });
    expect(() => validateObject(secret)).not.toThrow();
    expect(secret.metadata.name).toBe(transferSecretName(job.metadata.name));
    expect(Buffer.from(secret.data!.url!, 'base64').toString('utf8')).toBe(UPLOAD);
    expect(JSON.stringify(job)).not.toContain('X-Amz-Signature');
  });

  it('the helper images (curl, busybox) follow IMAGE_OVERRIDES like every other image', () => {
    const spec = makeSpec({ template: 'wordpress' });
    const imageOverrides = new Map([
      [BACKUP_TRANSFER_IMAGE, 'registry.local/curl:8.11.1'],
      [WAIT_IMAGE, 'registry.local/busybox:1.36'],
    ]);
    const options = { imageOverrides };
    const images = (job: JobObject | null) =>
      [...job!.spec!.template.spec!.initContainers!, ...job!.spec!.template.spec!.containers].map(
        (c) => c.image,
      );
    expect(images(renderBackupJob(spec, 'k1', options, { manifest }))).toContain(
      'registry.local/curl:8.11.1',
    );
    const restore = images(renderRestoreJob(spec, 'k1', options, { sha256: 'a'.repeat(64) }));
    expect(restore[0]).toBe('registry.local/curl:8.11.1');
    const test = images(renderTestRestoreJob(spec, 'k1', { sha256: 'a'.repeat(64) }, options));
    expect(test[0]).toBe('registry.local/curl:8.11.1');
    const setup = renderSetupJob(spec, spec.setup!, options);
    expect(setup.spec!.template.spec!.initContainers![0]!.image).toBe(
      'registry.local/busybox:1.36',
    );
    // Without an override, the catalogue reference.
    expect(images(renderBackupJob(spec, 'k1', {}, { manifest }))).toContain(BACKUP_TRANSFER_IMAGE);
    for (const image of [...restore, ...test]) expect(image).not.toBe(BACKUP_TRANSFER_IMAGE);
  });
});
