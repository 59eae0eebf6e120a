import directus from './directus.json';
import docuseal from './docuseal.json';
import dolibarr from './dolibarr.json';
import drupal from './drupal.json';
import espocrm from './espocrm.json';
import gitea from './gitea.json';
import grafana from './grafana.json';
import joomla from './joomla.json';
import kanboard from './kanboard.json';
import kimai from './kimai.json';
import listmonk from './listmonk.json';
import matomo from './matomo.json';
import mattermost from './mattermost.json';
import metabase from './metabase.json';
import n8n from './n8n.json';
import nextcloud from './nextcloud.json';
import nocodb from './nocodb.json';
import odoo from './odoo.json';
import prestashop from './prestashop.json';
import redmine from './redmine.json';
import snipeIt from './snipe-it.json';
import umami from './umami.json';
import uptimeKuma from './uptime-kuma.json';
import vaultwarden from './vaultwarden.json';
import vikunja from './vikunja.json';
import wikijs from './wikijs.json';
import wordpress from './wordpress.json';
import xwiki from './xwiki.json';

/**
 * The catalogue's application files (docs/applications.md), in the wizard's order: one JSON
 * file per application, validated by schemas/application-template.ts when catalog.ts loads.
 * applications.test.ts fails if a file of this folder is missing here.
 */
export const applicationFiles = {
  odoo,
  wordpress,
  joomla,
  drupal,
  nextcloud,
  matomo,
  dolibarr,
  prestashop,
  grafana,
  metabase,
  n8n,
  directus,
  gitea,
  listmonk,
  mattermost,
  vaultwarden,
  wikijs,
  kimai,
  espocrm,
  redmine,
  vikunja,
  kanboard,
  nocodb,
  'snipe-it': snipeIt,
  'uptime-kuma': uptimeKuma,
  umami,
  docuseal,
  xwiki,
};
