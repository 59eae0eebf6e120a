import { Plus } from 'lucide-react';
import { EnvVarRow } from '@/components/env-vars/env-var-row';
import { Button } from '@/components/ui/button';
import { useFormRows } from '@/lib/use-form-rows';
import type { WizardForm } from './wizard-form';

/**
 * The application's environment variables: name, value, and « Secret » (stored encrypted,
 * never displayed again, masked while typed).
 */
export function EnvVarsFields({ form }: { form: WizardForm }) {
  const { fields, append, remove } = useFormRows(form, 'env_vars');
  const errors = form.formState.errors.env_vars;
  return (
    <div className="space-y-3">
      {fields.length === 0 && (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          Aucune variable. Elles sont lues par votre application au démarrage (process.env,
          os.environ, getenv…).
        </p>
      )}
      <ul className="space-y-3" aria-label="Variables d'environnement">
        {fields.map((field, i) => {
          const secret = form.watch(`env_vars.${i}.secret`);
          return (
            <EnvVarRow
              key={field.id}
              index={i}
              secret={Boolean(secret)}
              nameInput={{ placeholder: 'DATABASE_URL', ...form.register(`env_vars.${i}.name`) }}
              valueInput={form.register(`env_vars.${i}.value`)}
              secretInput={form.register(`env_vars.${i}.secret`)}
              nameError={errors?.[i]?.name?.message}
              removeLabel={`Supprimer la variable ${i + 1}`}
              onRemove={() => remove(i)}
            />
          );
        })}
      </ul>
      {errors?.root?.message && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errors.root.message}
        </p>
      )}
      <Button
        variant="outline"
        size="sm"
        onClick={() => append({ name: '', value: '', secret: false })}
      >
        <Plus className="size-4" aria-hidden="true" /> Ajouter une variable
      </Button>
    </div>
  );
}
