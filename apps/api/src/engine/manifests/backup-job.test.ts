import { describe, expect, it } from 'vitest';
import { backupClaimName, renderBackupClaim, renderBackupJob } from './backup-job';
import { makeSpec } from './test-fixtures';
import { validateObject } from './validate';

describe('backup Job on Kubernetes', () => {
  it.each(['wordpress', 'odoo'] as const)(
    '%s: a valid Job that dumps the database and archives the files into the backup claim',
    (template) => {
      const spec = makeSpec({ template, nom: `Boutique "; rm -rf / #` });
      const job = renderBackupJob(spec, '20250110t0900', {});
      const claim = renderBackupClaim(spec, {});
      expect(() => validateObject(job)).not.toThrow();
      expect(() => validateObject(claim)).not.toThrow();
      expect(claim.metadata.name).toBe(backupClaimName(spec));

      const pod = job.spec!.template.spec!;
      expect(pod.containers.map((c) => c.name)).toEqual(['database', 'files']);
      const [dump, files] = pod.containers;
      expect(dump!.image).toBe(spec.database!.image);
      expect(dump!.command!.join(' ')).toMatch(
        template === 'wordpress' ? /mariadb-dump .*--single-transaction/ : /pg_dump -Fc/,
      );
      // Passwords come from the application's Secret, never literally.
      const password = dump!.env!.find((e) => e.name === 'MYSQL_PWD' || e.name === 'PGPASSWORD');
      expect(password?.valueFrom?.secretKeyRef?.name).toBe(spec.secretName);
      expect(JSON.stringify(job)).not.toContain(spec.secretData['db-password'] ?? '§');
      expect(files!.volumeMounts).toContainEqual(
        expect.objectContaining({ mountPath: spec.app.volume.mountPath, readOnly: true }),
      );
      expect(pod.volumes).toContainEqual({
        name: 'backups',
        persistentVolumeClaim: { claimName: backupClaimName(spec) },
      });
      for (const c of pod.containers) expect(c.command!.join(' ')).not.toContain('rm -rf');
    },
  );
});
