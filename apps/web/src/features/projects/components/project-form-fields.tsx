import { zodResolver } from '@hookform/resolvers/zod';
import {
  projectQuotaLimits,
  projectSchema,
  type ProjectInput,
} from '@nuage/shared/schemas/projects';
import { useForm, useWatch } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { asNumber, NumberInput } from '@/components/ui/number-input';
import { formatXof } from '@/lib/format';
import { quotaMonthlyXof } from './estimated-cost';

/** The project form of SPEC §5, validated by the API's own schema. */
export function useProjectForm(defaultValues: ProjectInput) {
  return useForm({ resolver: zodResolver(projectSchema), defaultValues });
}

export type ProjectForm = ReturnType<typeof useProjectForm>;

const L = projectQuotaLimits;
// An emptied number input reads NaN until the user types again.
const finite = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Name, description and the three quotas, with the monthly price of those quotas. */
export function ProjectFormFields({ form }: { form: ProjectForm }) {
  const { errors } = form.formState;
  const [cpu, ram, storage] = useWatch({
    control: form.control,
    name: ['quota_cpu', 'quota_ram', 'quota_stockage'],
  });
  const monthly =
    finite(cpu) && finite(ram) && finite(storage)
      ? quotaMonthlyXof({ quota_cpu: cpu, quota_ram: ram, quota_stockage: storage })
      : null;

  return (
    <div className="space-y-4">
      <FormField label="Nom du projet" error={errors.nom?.message}>
        <Input autoComplete="off" placeholder="Mon projet" {...form.register('nom')} />
      </FormField>
      <FormField label="Description (optionnelle)" error={errors.description?.message}>
        <Textarea rows={2} {...form.register('description')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Quota CPU (cores)" error={errors.quota_cpu?.message}>
          <NumberInput step={0.1} min={L.cpu.min} {...form.register('quota_cpu', asNumber)} />
        </FormField>
        <FormField label="Quota RAM (GB)" error={errors.quota_ram?.message}>
          <NumberInput step={0.5} min={L.ram.min} {...form.register('quota_ram', asNumber)} />
        </FormField>
        <FormField label="Quota stockage (GB)" error={errors.quota_stockage?.message}>
          <NumberInput
            step={1}
            min={L.storage.min}
            {...form.register('quota_stockage', asNumber)}
          />
        </FormField>
      </div>
      {monthly !== null && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Coût mensuel estimé de ce quota :{' '}
          <strong className="text-slate-900 dark:text-slate-100">{formatXof(monthly)}</strong>
        </p>
      )}
    </div>
  );
}
