import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { adminFieldsOf } from './deploy-body';
import type { WizardForm } from './wizard-form';

type AdminField = ReturnType<typeof adminFieldsOf>[number];

const labels: Record<AdminField, string> = {
  odoo_email: 'Email administrateur Odoo',
  odoo_password: 'Mot de passe administrateur Odoo',
  postgres_password: 'Mot de passe PostgreSQL',
  wordpress_email: 'Email administrateur WordPress',
  wordpress_password: 'Mot de passe administrateur WordPress',
  mariadb_root_password: 'Mot de passe root MariaDB',
  mariadb_user_password: 'Mot de passe utilisateur MariaDB',
  admin_password: 'Mot de passe administrateur',
};

const GENERATED = 'Optionnel : laissé vide, un mot de passe fort est généré.';

/** The template's admin account and database passwords, all optional (SPEC §5). */
export function AdminFields({ form, templateId }: { form: WizardForm; templateId: string }) {
  const { errors } = form.formState;
  const fields = adminFieldsOf(templateId);
  if (fields.length === 0) return null;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((name) => {
        const isEmail = name.endsWith('_email');
        return (
          <FormField
            key={name}
            label={`${labels[name]} (optionnel)`}
            error={errors[name]?.message}
            hint={isEmail ? 'Optionnel : par défaut, votre adresse email.' : GENERATED}
          >
            <Input
              type={isEmail ? 'email' : 'password'}
              autoComplete={isEmail ? 'email' : 'new-password'}
              {...form.register(name)}
            />
          </FormField>
        );
      })}
    </div>
  );
}
