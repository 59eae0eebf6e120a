import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import tar from 'tar-stream';
import { BACKUP_PARTS, databasePart, type BackupManifest } from '../../backup-parts';
import { RuntimeRejectedError } from '../../driver';
import type { ApplicationSpec } from '../../spec';
import { simulationTexts } from '@nuage/shared/messages/simulation';

/**
 * Backups on the simulation runtime: real files with synthetic content (a SQL script that
 * creates the template's usual tables, a tar holding one text file), so listing, checksums,
 * uploads, retention, restore and the test restore all run for real with nothing installed.
 */

const TABLES: Record<string, string[]> = {
  wordpress: ['wp_posts', 'wp_options', 'wp_users', 'wp_comments'],
  joomla: ['jos_content', 'jos_users', 'jos_extensions'],
  drupal: ['node', 'users', 'config'],
  nextcloud: ['oc_filecache', 'oc_users', 'oc_appconfig'],
  matomo: ['matomo_site', 'matomo_log_visit', 'matomo_option'],
  odoo: ['res_partner', 'res_users', 'ir_module_module', 'sale_order'],
};

const NOTICE = simulationTexts.backupNotice;

export async function writeSimulatedBackup(
  spec: ApplicationSpec,
  dir: string,
): Promise<BackupManifest> {
  const manifest: BackupManifest = {
    format: 1,
    template: spec.template,
    database: spec.database?.engine ?? null,
    runtime: 'simulation',
    createdAt: new Date().toISOString(),
  };
  if (spec.database) {
    const tables = TABLES[spec.template] ?? ['data'];
    const script = [
      `-- ${NOTICE}`,
      `-- application ${spec.name}, base ${spec.database.databaseName}`,
      ...tables.map((t) => `CREATE TABLE ${t} (id integer primary key);`),
      `INSERT INTO ${tables[0]} VALUES (1);`,
      '',
    ].join('\n');
    await writeFile(join(dir, databasePart(spec.database.engine)), script);
  }
  await writeFile(join(dir, BACKUP_PARTS.files), await tarOf('LISEZMOI-simulation.txt', NOTICE));
  return manifest;
}

/** Tables a simulated dump creates (what a test restore would find). */
export async function countSimulatedTables(spec: ApplicationSpec, dir: string): Promise<number> {
  if (!spec.database) return 0;
  const script = await readSimulatedDump(spec, dir);
  return script.split('\n').filter((line) => line.startsWith('CREATE TABLE ')).length;
}

/** Refuses a dump that is missing or does not parse, as a real load would fail. */
export async function checkSimulatedRestore(spec: ApplicationSpec, dir: string): Promise<void> {
  if (spec.database) await readSimulatedDump(spec, dir);
}

async function readSimulatedDump(spec: ApplicationSpec, dir: string): Promise<string> {
  const engine = spec.database!.engine;
  const script = await readFile(join(dir, databasePart(engine)), 'utf8').catch(() => null);
  if (script === null || !script.includes('CREATE TABLE ')) {
    throw new RuntimeRejectedError(
      simulationTexts.backupWithoutDatabase(engine === 'mariadb' ? 'MariaDB' : 'PostgreSQL'),
    );
  }
  return script;
}

function tarOf(name: string, content: string): Promise<Buffer> {
  const pack = tar.pack();
  pack.entry({ name, mode: 0o644 }, content);
  pack.finalize();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    pack.on('data', (chunk: unknown) => {
      chunks.push(chunk as Buffer);
    });
    pack.on('end', () => resolve(Buffer.concat(chunks)));
    pack.on('error', reject);
  });
}
