import { zodResolver } from '@hookform/resolvers/zod';
import {
  environmentSchema,
  environmentTypeLabels,
  environmentTypes,
  type EnvironmentInput,
} from '@nuage/shared/schemas/environments';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';

/** Name and type of an environment (SPEC §5), for creation and edition alike. */
export function EnvironmentForm({
  defaultValues = { nom: '' },
  submitLabel,
  submittingLabel,
  onSubmit,
  onCancel,
  label,
}: {
  /** Without a type, none is chosen until the user picks one ('Le type est requis'). */
  defaultValues?: Partial<EnvironmentInput>;
  submitLabel: string;
  submittingLabel: string;
  /** Resolves once saved; rejects (after the API client's toast) to keep the form as typed. */
  onSubmit(data: EnvironmentInput): Promise<unknown>;
  onCancel(): void;
  /** The form's accessible name. */
  label: string;
}) {
  const form = useForm<EnvironmentInput>({
    resolver: zodResolver(environmentSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (data) => {
    try {
      await onSubmit(data);
    } catch {
      // the API client has shown the error toast
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={label} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Nom de l'environnement" error={errors.nom?.message}>
          <Input autoComplete="off" placeholder="production-eu" {...form.register('nom')} />
        </FormField>
        <FormField label="Type" error={errors.type?.message}>
          {/* defaultValue marks the starting option as the default one, so the form (which
              checks whether the select was touched before it was ready) keeps it. */}
          <Select defaultValue={defaultValues.type ?? ''} {...form.register('type')}>
            <option value="">Choisissez un type</option>
            {environmentTypes.map((type) => (
              <option key={type} value={type}>
                {environmentTypeLabels[type]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Annuler
        </Button>
        <Button type="submit" loading={isSubmitting} loadingText={submittingLabel}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
