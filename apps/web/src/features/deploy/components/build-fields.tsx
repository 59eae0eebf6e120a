import { AppPortField } from '@/components/build-settings/app-port-field';
import { BuildArgsFields } from '@/components/build-settings/build-args-fields';
import { asNumber, NumberInput } from '@/components/ui/number-input';
import { useFormRows } from '@/lib/use-form-rows';
import type { WizardForm } from './wizard-form';

/** Docker build arguments (--build-arg KEY=value) and the port the application listens on. */
export function BuildFields({ form }: { form: WizardForm }) {
  const { fields, append, remove } = useFormRows(form, 'build_args');
  const errors = form.formState.errors;
  return (
    <div className="space-y-4">
      <AppPortField error={errors.port?.message}>
        <NumberInput
          min={1}
          max={65535}
          placeholder="Détecté"
          className="w-40"
          {...form.register('port', asNumber)}
        />
      </AppPortField>
      <BuildArgsFields
        rows={fields.map((field, i) => ({
          id: field.id,
          keyInput: form.register(`build_args.${i}.key`),
          valueInput: form.register(`build_args.${i}.value`),
          keyError: errors.build_args?.[i]?.key?.message,
        }))}
        onAdd={() => append({ key: '', value: '' })}
        onRemove={remove}
      />
    </div>
  );
}
