import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import tar from 'tar-stream';
import {
  BACKUP_PARTS,
  databasePart,
  dumpEngine,
  isDatabaseService,
  type BackupEngine,
  type BackupManifest,
} from '../../backup-parts';
import { RuntimeRejectedError } from '../../driver';
import type { ApplicationSpec } from '../../spec';
import { stackVolumes } from '../../stack-volumes';
import { composeTexts } from '@nuage/shared/messages/compose';
import { runtimeBackupTexts } from '@nuage/shared/messages/runtime-backups';
import { simulationTexts } from '@nuage/shared/messages/simulation';

/**
 * Backups on the simulation runtime: real files with synthetic content (a SQL script that
 * creates the template's usual tables, a tar holding one text file), so listing, checksums,
 * uploads, retention, restore and the test restore all run for real with nothing installed.
 * A database of an environment gets its dump only (no files part); Redis's « snapshot » is a
 * text of synthetic SET lines, each a key a test restore counts.
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
  refuseStopped(spec);
  if (spec.stack) return writeSimulatedStackBackup(spec, dir);
  const service = isDatabaseService(spec);
  const manifest: BackupManifest = {
    format: 1,
    template: spec.template,
    database: spec.database ? dumpEngine(spec.database) : null,
    ...(service ? { files: false } : {}),
    runtime: 'simulation',
    createdAt: new Date().toISOString(),
  };
  if (spec.database?.engine === 'redis') {
    const lines = [`# ${NOTICE}`, 'SET session:1 simulee', 'SET compteur 1', ''];
    await writeFile(join(dir, databasePart('redis')), lines.join('\n'));
  } else if (spec.database) {
    const tables = TABLES[spec.template] ?? ['data'];
    const script = [
      `-- ${NOTICE}`,
      `-- application ${spec.name}, base ${spec.database.databaseName}`,
      ...tables.map((t) => `CREATE TABLE ${t} (id integer primary key);`),
      `INSERT INTO ${tables[0]} VALUES (1);`,
      '',
    ].join('\n');
    await writeFile(join(dir, databasePart(dumpEngine(spec.database))), script);
  }
  if (!service) {
    await writeFile(join(dir, BACKUP_PARTS.files), await tarOf('LISEZMOI-simulation.txt', NOTICE));
  }
  return manifest;
}

/** Tables a simulated dump creates (what a test restore would find). */
export async function countSimulatedTables(spec: ApplicationSpec, dir: string): Promise<number> {
  if (!spec.database) return 0;
  const script = await readSimulatedDump(spec, dir);
  const statement = spec.database.engine === 'redis' ? 'SET ' : 'CREATE TABLE ';
  return script.split('\n').filter((line) => line.startsWith(statement)).length;
}

/** Refuses a dump that is missing or does not parse, as a real load would fail. */
export async function checkSimulatedRestore(spec: ApplicationSpec, dir: string): Promise<void> {
  refuseStopped(spec);
  if (spec.stack) return checkSimulatedStackRestore(spec, dir);
  if (spec.database) await readSimulatedDump(spec, dir);
}

async function readSimulatedDump(spec: ApplicationSpec, dir: string): Promise<string> {
  const engine = dumpEngine(spec.database!);
  const script = await readFile(join(dir, databasePart(engine)), 'utf8').catch(() => null);
  const statement = engine === 'redis' ? 'SET ' : 'CREATE TABLE ';
  if (script === null || !script.includes(statement)) {
    throw new RuntimeRejectedError(simulationTexts.backupWithoutDatabase(LABEL[engine]));
  }
  return script;
}

/** As the real runtimes: a stopped database (no server) is neither dumped nor loaded. */
function refuseStopped(spec: ApplicationSpec) {
  if (spec.database?.stopped) {
    throw new RuntimeRejectedError(runtimeBackupTexts.databaseStoppedForBackup);
  }
}

const LABEL: Record<BackupEngine, 'MariaDB' | 'PostgreSQL' | 'Redis'> = {
  mariadb: 'MariaDB',
  postgresql: 'PostgreSQL',
  redis: 'Redis',
};

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

/** A Compose application: one synthetic tar per named volume, as the real runtimes pack them. */
async function writeSimulatedStackBackup(
  spec: ApplicationSpec,
  dir: string,
): Promise<BackupManifest> {
  const volumes = stackVolumes(spec);
  for (const v of volumes) {
    await writeFile(join(dir, v.part), await tarOf('LISEZMOI-simulation.txt', NOTICE));
  }
  return {
    format: 1,
    template: spec.template,
    database: null,
    files: false,
    volumes: volumes.map((v) => ({ name: v.name, part: v.part })),
    runtime: 'simulation',
    createdAt: new Date().toISOString(),
  };
}

/** As the real runtimes: every volume of the backup needs its namesake in the target's file. */
async function checkSimulatedStackRestore(spec: ApplicationSpec, dir: string): Promise<void> {
  const manifest = JSON.parse(
    await readFile(join(dir, BACKUP_PARTS.manifest), 'utf8'),
  ) as BackupManifest;
  const names = new Set(stackVolumes(spec).map((v) => v.name));
  for (const v of manifest.volumes ?? []) {
    if (!names.has(v.name))
      throw new RuntimeRejectedError(composeTexts.restoreVolumeMissing(v.name));
  }
}
