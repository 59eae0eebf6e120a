import { describe, expect, it } from 'vitest';
import { COMING_SOON, saasTemplates } from '@nuage/shared/catalog';
import type { Catalog } from '@nuage/shared/schemas/responses/catalog';
import { categoriesOf, filterCatalogue } from './catalogue-filter';

/** The catalogue as GET /buildpack/templates/available answers it (modules/catalog/routes.ts). */
const saas: Catalog['saas'] = Object.values(saasTemplates).map((t) => ({
  id: t.id,
  name: t.name,
  category: t.category,
  description: t.description,
  available: t.enabled,
  status: t.enabled ? 'disponible' : COMING_SOON,
  image: t.image,
  tag: t.tag,
  port: t.port,
  default_resources: { cpu: t.cpu, ram: t.ram, storage: t.storage },
  helm_version: t.helmVersion,
  helm_values: t.helmValues,
  database_config: { ...t.database },
}));
const ids = (query: string, category = '') =>
  filterCatalogue(saas, { query, category }).map((t) => t.id);

describe('the wizard’s search and filters of the catalogue', () => {
  it('lists every application with no query nor category', () => {
    expect(ids('')).toHaveLength(saas.length);
    expect(saas.length).toBeGreaterThanOrEqual(28);
  });

  it('finds by name, by keyword and without accents', () => {
    expect(ids('dolibarr')).toEqual(['dolibarr']);
    expect(ids('boutique')).toEqual(expect.arrayContaining(['prestashop', 'wordpress']));
    expect(ids('comptabilite')).toEqual(expect.arrayContaining(['odoo', 'dolibarr']));
    expect(ids('mots de passe')).toEqual(['vaultwarden']);
    expect(ids('introuvable')).toEqual([]);
    // The applications added for the 26-application catalogue, by a word of their keywords.
    expect(ids('crm')).toEqual(expect.arrayContaining(['espocrm', 'odoo', 'dolibarr']));
    expect(ids('signature')).toEqual(['docuseal']);
    expect(ids('kanban')).toEqual(['vikunja', 'kanboard']);
    expect(ids('google analytics')).toEqual(['matomo', 'umami']);
    expect(ids('disponibilite')).toEqual(['uptime-kuma']);
    expect(ids('airtable')).toEqual(['nocodb']);
    expect(ids('gantt')).toEqual(['redmine']);
    expect(ids('parc informatique')).toEqual(['snipe-it']);
  });

  it('filters by category, with the search', () => {
    expect(ids('', 'CMS').sort()).toEqual([
      'directus',
      'drupal',
      'joomla',
      'wikijs',
      'wordpress',
      'xwiki',
    ]);
    expect(ids('wiki', 'CMS').sort()).toEqual(['wikijs', 'xwiki']);
    expect(ids('', 'Gestion de projet').sort()).toEqual(['kanboard', 'redmine', 'vikunja']);
    expect(ids('', 'Relation client').sort()).toEqual(['docuseal', 'espocrm']);
    expect(categoriesOf(saas)).toEqual(
      expect.arrayContaining(['ERP', 'CMS', 'E-commerce', 'Gestion de projet', 'Relation client']),
    );
    expect(new Set(categoriesOf(saas)).size).toBe(categoriesOf(saas).length);
  });
});
