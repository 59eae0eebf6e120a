import { isDataPath } from './image-deploy';

/**
 * Where a catalogue application keeps its data: a data path as for any image (isDataPath), or
 * the application's own folder under /usr that its official image documents (Redmine's
 * /usr/src/redmine/files, XWiki's /usr/local/xwiki, NocoDB's /usr/app/data) — never /usr's
 * system folders (bin, lib, share…) themselves.
 */
const USR_APP_DATA = /^\/usr\/(src|local|app)\/[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;
const USR_SYSTEM = ['bin', 'sbin', 'lib', 'lib64', 'libexec', 'include', 'share', 'etc', 'games'];
export function isTemplateDataPath(v: string): boolean {
  if (isDataPath(v)) return true;
  if (!USR_APP_DATA.test(v) || v.split('/').includes('..')) return false;
  return !USR_SYSTEM.includes(v.split('/')[3] ?? '');
}
