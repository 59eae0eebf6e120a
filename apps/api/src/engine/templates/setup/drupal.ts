/**
 * Drupal's official image documents no variable: its web installer asks for the database. The
 * platform installs it instead, non-interactively, with Drupal's own installer API
 * (install_drupal, as drush does), then sets the administrator's e-mail and password on every
 * run. settings.php holds no value: it reads the database and the hash salt from the
 * environment the platform gives both the site and this task.
 */
const SETTINGS_PHP = `<?php
$databases['default']['default'] = [
  'driver' => 'pgsql',
  'namespace' => 'Drupal\\\\pgsql\\\\Driver\\\\Database\\\\pgsql',
  'autoload' => 'core/modules/pgsql/src/Driver/Database/pgsql/',
  'host' => getenv('DRUPAL_DB_HOST'),
  'port' => getenv('DRUPAL_DB_PORT'),
  'database' => getenv('DRUPAL_DB_NAME'),
  'username' => getenv('DRUPAL_DB_USER'),
  'password' => getenv('DRUPAL_DB_PASSWORD'),
  'prefix' => '',
];
$settings['hash_salt'] = getenv('DRUPAL_HASH_SALT');
$settings['config_sync_directory'] = 'sites/default/files/config_sync';
`;

const INSTALL_PHP = `
$autoloader = require 'autoload.php';
$pdo = new PDO(sprintf('pgsql:host=%s;port=%s;dbname=%s', getenv('DRUPAL_DB_HOST'), getenv('DRUPAL_DB_PORT'), getenv('DRUPAL_DB_NAME')), getenv('DRUPAL_DB_USER'), getenv('DRUPAL_DB_PASSWORD'));
if ($pdo->query("SELECT to_regclass('public.users_field_data') IS NOT NULL")->fetchColumn()) exit(0);
require_once 'core/includes/install.core.inc';
$password = getenv('DRUPAL_ADMIN_PASSWORD');
install_drupal($autoloader, [
  'interactive' => FALSE,
  'parameters' => ['profile' => 'standard', 'langcode' => 'en'],
  'forms' => ['install_configure_form' => [
    'site_name' => getenv('DRUPAL_SITE_NAME'),
    'site_mail' => getenv('DRUPAL_ADMIN_EMAIL'),
    'account' => ['name' => 'admin', 'mail' => getenv('DRUPAL_ADMIN_EMAIL'), 'pass' => ['pass1' => $password, 'pass2' => $password]],
    'enable_update_status_module' => FALSE,
    'enable_update_status_emails' => FALSE,
  ]],
]);
`;

const SET_PASSWORD_PHP = `
use Drupal\\Core\\DrupalKernel;
use Symfony\\Component\\HttpFoundation\\Request;
$autoloader = require 'autoload.php';
$request = Request::create('/');
$kernel = DrupalKernel::createFromRequest($request, $autoloader, 'prod');
$kernel->boot();
$kernel->preHandle($request);
$admin = \\Drupal\\user\\Entity\\User::load(1);
$admin->setPassword(getenv('DRUPAL_ADMIN_PASSWORD'));
$admin->setEmail(getenv('DRUPAL_ADMIN_EMAIL'));
$admin->save();
`;

export const DRUPAL_SETTINGS = SETTINGS_PHP;

export const DRUPAL_SETUP_SCRIPT = [
  'set -e',
  'cd /opt/drupal/web',
  'mkdir -p sites/default/files',
  '[ -f sites/default/settings.php ] || printf "%s" "$DRUPAL_SETTINGS_PHP" > sites/default/settings.php',
  `php -r "$DRUPAL_INSTALL_PHP"`,
  `php -r "$DRUPAL_PASSWORD_PHP"`,
].join('\n');

export const DRUPAL_INSTALL = INSTALL_PHP;
export const DRUPAL_SET_PASSWORD = SET_PASSWORD_PHP;
