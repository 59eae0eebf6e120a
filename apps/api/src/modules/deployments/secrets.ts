import type { SaasTemplate } from '@nuage/shared/catalog';
import type { DeployErpInput } from '@nuage/shared/schemas/deployments';
import { randomPassword } from '../../lib/crypto';
import type { ApplicationSecrets } from '../../engine/templates/applications';

/**
 * The wizard's password fields mapped to the application's three secrets; an empty field gets
 * a strong random password (never a fixed default).
 */
export function secretsFromInput(
  template: SaasTemplate,
  input: DeployErpInput,
): ApplicationSecrets {
  const admin =
    template.id === 'odoo'
      ? input.odoo_password
      : template.id === 'wordpress'
        ? input.wordpress_password
        : input.admin_password;
  const dbUser =
    template.database.engine === 'postgresql'
      ? input.postgres_password
      : input.mariadb_user_password;
  const dbRoot = template.database.engine === 'mariadb' ? input.mariadb_root_password : undefined;
  return {
    adminPassword: admin ?? randomPassword(),
    dbPassword: dbUser ?? randomPassword(),
    dbRootPassword: dbRoot ?? randomPassword(),
  };
}
