import { AdminFields } from './admin-fields';
import { ConfigSection } from './config-section';
import { ConfigurationLayout } from './configuration-layout';
import type { CostPanelProps } from './cost-panel';
import { ResourceFields } from './resource-fields';
import type { WizardForm } from './wizard-form';

/** Step 4: the application's parameters beside the cost-estimate panel. */
export function StepConfiguration({
  form,
  templateName,
  cost,
}: {
  form: WizardForm;
  templateName: string;
  cost: CostPanelProps;
}) {
  return (
    <ConfigurationLayout form={form} namePlaceholder="mon-site" cost={cost}>
      <ConfigSection title="Ressources">
        <ResourceFields form={form} />
      </ConfigSection>
      <ConfigSection title={`Accès administrateur ${templateName}`}>
        <AdminFields form={form} templateId={cost.templateId} />
      </ConfigSection>
    </ConfigurationLayout>
  );
}
