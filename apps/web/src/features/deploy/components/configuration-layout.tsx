import type { ReactNode } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ConfigSection } from './config-section';
import { CostPanel, type CostPanelProps } from './cost-panel';
import { DomainFields } from './domain-fields';
import type { WizardForm } from './wizard-form';

/**
 * Step 4 of both paths: the application's name first, the path's own sections, the domain
 * last, and the cost estimate beside them.
 */
export function ConfigurationLayout({
  form,
  namePlaceholder,
  cost,
  children,
}: {
  form: WizardForm;
  namePlaceholder: string;
  cost: CostPanelProps;
  children: ReactNode;
}) {
  const { errors } = form.formState;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="space-y-6">
        <ConfigSection title="Application">
          <FormField
            label="Nom de l'application"
            error={errors.app_name?.message}
            hint="Unique dans l'environnement, 100 caractères au plus."
          >
            <Input
              autoComplete="off"
              placeholder={namePlaceholder}
              {...form.register('app_name')}
            />
          </FormField>
        </ConfigSection>
        {children}
        <ConfigSection title="Nom de domaine">
          <DomainFields form={form} />
        </ConfigSection>
      </div>
      <CostPanel {...cost} />
    </div>
  );
}
