import type { PricingPreset, ResourceConfiguration } from '@nuage/shared/pricing-types';
import { certificateChoiceTexts } from '@nuage/shared/certificate-choice';
import type { ReactNode } from 'react';
import {
  CertificateHint,
  CertificateSelect,
} from '@/components/certificate-select/certificate-select';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { AdminFields } from './admin-fields';
import { CostPanel } from './cost-panel';
import { ResourceFields } from './resource-fields';
import type { PriceEstimate } from './use-price-estimate';
import type { WizardForm } from './wizard-form';

/** Step 4: the application's parameters beside the cost-estimate panel. */
export function StepConfiguration({
  form,
  templateId,
  templateName,
  config,
  estimate,
  preset,
  onPickPreset,
  onCustom,
}: {
  form: WizardForm;
  templateId: string;
  templateName: string;
  config: ResourceConfiguration;
  estimate: PriceEstimate;
  preset: PricingPreset | null;
  onPickPreset(preset: PricingPreset): void;
  onCustom(): void;
}) {
  const { errors } = form.formState;
  const projectId = String(form.watch('project_id') ?? '');
  const domain = String(form.watch('custom_domain') ?? '');
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="space-y-6">
        <Section title="Application">
          <FormField
            label="Nom de l'application"
            error={errors.app_name?.message}
            hint="Unique dans l'environnement, 100 caractères au plus."
          >
            <Input autoComplete="off" placeholder="mon-site" {...form.register('app_name')} />
          </FormField>
        </Section>
        <Section title="Ressources">
          <ResourceFields form={form} />
        </Section>
        <Section title={`Accès administrateur ${templateName}`}>
          <AdminFields form={form} templateId={templateId} />
        </Section>
        <Section title="Nom de domaine">
          <FormField
            label="Nom de domaine personnalisé (optionnel)"
            error={errors.custom_domain?.message}
            hint="Laissé vide, une adresse est générée automatiquement."
          >
            <Input
              autoComplete="off"
              placeholder="boutique.exemple.sn"
              {...form.register('custom_domain')}
            />
          </FormField>
          <FormField
            label={certificateChoiceTexts.label}
            error={errors.certificat_tls_id?.message}
            hint={<CertificateHint projectId={projectId} domain={domain} />}
          >
            <CertificateSelect
              projectId={projectId}
              domain={domain}
              {...form.register('certificat_tls_id')}
            />
          </FormField>
        </Section>
      </div>
      <CostPanel
        templateId={templateId}
        config={config}
        estimate={estimate}
        preset={preset}
        onPickPreset={onPickPreset}
        onCustom={onCustom}
      />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="space-y-4 p-5">
      <h2 className="text-base font-semibold">{title}</h2>
      {children}
    </Card>
  );
}
