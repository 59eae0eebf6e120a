import { applicationFiles } from '@nuage/shared/applications/index';
import { applicationTemplates, saasTemplateIds } from '@nuage/shared/catalog';
import {
  applicationTemplateSchema,
  parseApplicationFiles,
} from '@nuage/shared/schemas/application-template';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The catalogue's files (docs/applications.md): each valid, each registered, mistakes named. */
const FOLDER = fileURLToPath(
  new URL('../../../../../packages/shared/src/applications/', import.meta.url),
);
const wordpress = applicationFiles.wordpress as unknown as Record<string, unknown>;
const parseWith = (file: string, data: unknown) => () => parseApplicationFiles({ [file]: data });

describe('the application files', () => {
  it('are all registered in applications/index.ts, each under its own name', () => {
    const files = readdirSync(FOLDER)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    expect(Object.keys(applicationFiles).sort()).toEqual(files);
    expect([...saasTemplateIds].sort()).toEqual(files);
  });

  it.each(Object.entries(applicationFiles))('%s.json is valid', (_, data) => {
    const result = applicationTemplateSchema.safeParse(data);
    expect(result.success ? [] : result.error.issues).toEqual([]);
  });

  it('names the file and the field of a mistake', () => {
    expect(
      parseWith('wordpress', {
        ...wordpress,
        health: { path: 'wp-login', livenessDelaySeconds: 60 },
      }),
    ).toThrow('applications/wordpress.json : champ « health.path » : chemin de contrôle invalide');
    expect(
      parseWith('wordpress', { ...wordpress, volume: { mountPath: '/etc/wordpress' } }),
    ).toThrow('applications/wordpress.json : champ « volume.mountPath »');
    expect(parseWith('wordpress', { ...wordpress, prot: 80 })).toThrow(
      'applications/wordpress.json : champ « (racine) »',
    );
    expect(parseWith('wordpress', { ...wordpress, tag: 'latest:x' })).toThrow(
      'applications/wordpress.json : champ « tag » : étiquette invalide',
    );
  });

  it('accepts an application folder under /usr, never a system folder of /usr', () => {
    for (const mountPath of ['/usr/src/redmine/files', '/usr/local/xwiki', '/usr/app/data'])
      expect(parseWith('wordpress', { ...wordpress, volume: { mountPath } })).not.toThrow();
    for (const mountPath of [
      '/usr',
      '/usr/local',
      '/usr/local/bin',
      '/usr/local/lib/php',
      '/usr/lib/x',
      '/usr/share/nginx',
      '/usr/src/../bin',
      '/usr/local/share/app',
    ])
      expect(parseWith('wordpress', { ...wordpress, volume: { mountPath } }), mountPath).toThrow(
        'applications/wordpress.json : champ « volume.mountPath »',
      );
  });

  it('refuses a placeholder the engine does not know, and a password as a placeholder', () => {
    const env = [{ name: 'DB_PASSWORD', value: '{{db.password}}' }];
    expect(parseWith('wordpress', { ...wordpress, env })).toThrow(
      /applications\/wordpress\.json : champ « env\.0\.value » : espace réservé inconnu/,
    );
  });

  it('refuses a file whose id is not its name, and two files of one image', () => {
    expect(parseWith('wp', wordpress)).toThrow(
      'applications/wp.json : champ « id » : « wordpress » au lieu de « wp »',
    );
    expect(() => parseApplicationFiles({ wordpress, woo: { ...wordpress, id: 'woo' } })).toThrow(
      "applications/woo.json : champ « image » : déjà celle d'une autre application",
    );
  });

  it('refuses a secret file no generated secret fills', () => {
    const odoo = applicationFiles.odoo as unknown as Record<string, unknown>;
    expect(parseWith('odoo', { ...odoo, generatedSecrets: undefined })).toThrow(
      'applications/odoo.json : champ « (racine) » : un fichier secret nomme un secret',
    );
  });

  it('keeps the catalogue order of the six original applications first', () => {
    expect(applicationTemplates.slice(0, 6).map((t) => t.id)).toEqual([
      'odoo',
      'wordpress',
      'joomla',
      'drupal',
      'nextcloud',
      'matomo',
    ]);
  });
});
