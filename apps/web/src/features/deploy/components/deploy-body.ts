import { templateOf } from '@nuage/shared/catalog';
import type { DeployWizardData } from '@nuage/shared/schemas/deploy-wizard';
import type { DeployErpInput } from '@nuage/shared/schemas/deployments';
import type { SaasCatalogEntry } from '@nuage/shared/schemas/responses/catalog';

type AdminField = NonNullable<
  | ReturnType<typeof templateOf>['adminFields']['email']
  | ReturnType<typeof templateOf>['adminFields']['password']
>;
type DatabaseField = ReturnType<typeof templateOf>['adminFields']['databasePasswords'][number];

/** The admin fields the template asks for (SPEC §3): odoo_* for Odoo, wordpress_* for WordPress. */
export function adminFieldsOf(templateId: string): (AdminField | DatabaseField)[] {
  const { email, password, databasePasswords } = templateOf(templateId).adminFields;
  return [...(email ? [email] : []), ...(password ? [password] : []), ...databasePasswords];
}

/**
 * POST /deployments/{envId}/deploy/erp (SPEC §7): the lowercase template id, the template's
 * image, tag, Helm values and database settings, and only this template's admin fields (an
 * empty password is left out: the server generates a strong one).
 */
export function deployBody(data: DeployWizardData, template: SaasCatalogEntry): DeployErpInput {
  const admin = Object.fromEntries(
    adminFieldsOf(template.id)
      .map((field) => [field, data[field]] as const)
      .filter(([, value]) => value !== undefined),
  );
  return {
    nom: data.app_name,
    cpu: data.cpu,
    ram: data.ram,
    storage: data.storage,
    replicas: data.replicas,
    type_application: template.id,
    image_registry_url: template.image,
    image_tag: template.tag,
    helm_chart_version: template.helm_version,
    helm_values: template.helm_values,
    database_config: template.database_config,
    ...admin,
    certificat_tls_id: (data.custom_domain && data.certificat_tls_id) || null,
    nom_domaine: data.custom_domain || null,
  };
}
