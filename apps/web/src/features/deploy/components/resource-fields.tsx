import { deployLimits } from '@nuage/shared/schemas/deployments';
import { FormField } from '@/components/ui/form-field';
import { asNumber, NumberInput } from '@/components/ui/number-input';
import type { WizardForm } from './wizard-form';

const L = deployLimits;

/**
 * CPU, RAM, storage and replicas with SPEC §9 limits and steps. Code applications keep no
 * data of their own (SPEC §7's deploy/code has no storage): no storage field for them.
 */
export function ResourceFields({
  form,
  withStorage = true,
}: {
  form: WizardForm;
  withStorage?: boolean;
}) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="CPU (cores)" error={errors.cpu?.message} hint="De 0,1 à 8 cores">
        <NumberInput
          step={L.cpu.step}
          min={L.cpu.min}
          max={L.cpu.max}
          {...form.register('cpu', asNumber)}
        />
      </FormField>
      <FormField label="RAM (GB)" error={errors.ram?.message} hint="De 0,5 à 16 GB">
        <NumberInput
          step={L.ram.step}
          min={L.ram.min}
          max={L.ram.max}
          {...form.register('ram', asNumber)}
        />
      </FormField>
      {withStorage && (
        <FormField label="Stockage (GB)" error={errors.storage?.message} hint="De 1 à 100 GB">
          <NumberInput
            step={L.storage.step}
            min={L.storage.min}
            max={L.storage.max}
            {...form.register('storage', asNumber)}
          />
        </FormField>
      )}
      <FormField label="Instances" error={errors.replicas?.message} hint="De 1 à 10">
        <NumberInput
          step={1}
          min={L.replicas.min}
          max={L.replicas.max}
          {...form.register('replicas', asNumber)}
        />
      </FormField>
    </div>
  );
}
