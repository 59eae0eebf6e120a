/**
 * Odoo's first start: the official image serves the database manager until a database exists.
 * The setup initialises the `odoo` database (base module, no demo data) once, then — every run —
 * makes the built-in administrator log in with the wizard's e-mail and password, so the
 * customer lands on /web/login of a working database. Values come from the environment only.
 */
const DB_ARGS =
  '--db_host="$HOST" --db_port="$PORT" --db_user="$USER" --db_password="$PASSWORD" -d "$ODOO_DB" --data-dir=/var/lib/odoo';

// `odoo shell` executes its standard input when it is not a terminal.
const SET_ADMIN = [
  'import os',
  "login = os.environ['ODOO_ADMIN_EMAIL']",
  "admin = env.ref('base.user_admin')",
  "admin.write({'login': login, 'email': login, 'password': os.environ['ODOO_ADMIN_PASSWORD']})",
  'env.cr.commit()',
].join('\n');

export const ODOO_SETUP_SCRIPT = [
  'set -e',
  'export PGPASSWORD="$PASSWORD"',
  `installed=$(psql -h "$HOST" -p "$PORT" -U "$USER" -d "$ODOO_DB" -tAc "select 1 from ir_module_module where name='base' and state='installed'" 2>/dev/null || true)`,
  `if [ "$installed" != "1" ]; then odoo ${DB_ARGS} -i base --without-demo=all --stop-after-init; fi`,
  `odoo shell ${DB_ARGS} --no-http --log-level=warn <<'PY'`,
  SET_ADMIN,
  'PY',
].join('\n');

/** odoo.conf: the wizard's password also guards database management, which is hidden. */
export function odooConfiguration(opts: { adminPassword: string; database: string }): string {
  const oneLine = (v: string) => v.replace(/[\r\n]/g, '');
  return [
    '[options]',
    'addons_path = /mnt/extra-addons',
    'data_dir = /var/lib/odoo',
    `admin_passwd = ${oneLine(opts.adminPassword)}`,
    // One database, chosen by the platform: visitors never see the database manager.
    `db_name = ${opts.database}`,
    `dbfilter = ^${opts.database}$`,
    'list_db = False',
    'proxy_mode = True',
    '',
  ].join('\n');
}
