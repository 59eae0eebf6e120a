import type { Project } from '@nuage/shared/api-types';
import type { PricingPreset, ResourceConfiguration } from '@nuage/shared/pricing-types';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import type { Catalog, SaasCatalogEntry } from '../api/get-templates';
import { StepAppType } from './step-app-type';
import { StepConfiguration } from './step-configuration';
import { StepEnvironment } from './step-environment';
import { StepReview, type DeploySummary } from './step-review';
import { StepTemplate } from './step-template';
import type { PriceEstimate } from './use-price-estimate';
import { wizardSteps, type WizardStep } from './use-wizard-navigation';
import type { WizardForm } from './wizard-form';

/** The current step's content, under a heading that takes focus when the step changes. */
export function StepPanel(props: {
  step: WizardStep;
  form: WizardForm;
  projects: UseQueryResult<Project[]>;
  catalog: UseQueryResult<Catalog>;
  template: SaasCatalogEntry | undefined;
  onSelectTemplate(id: string): void;
  config: ResourceConfiguration;
  estimate: PriceEstimate;
  preset: PricingPreset | null;
  onPickPreset(preset: PricingPreset): void;
  onCustom(): void;
  summary: DeploySummary | null;
}) {
  const { step } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  return (
    <section aria-labelledby="wizard-step-title">
      <h2
        id="wizard-step-title"
        ref={heading}
        tabIndex={-1}
        className="mb-4 text-sm font-medium text-slate-500 outline-none dark:text-slate-400"
      >
        Étape {step} sur 5 : {wizardSteps[step - 1]}
      </h2>
      <StepContent {...props} />
    </section>
  );
}

function StepContent(props: Parameters<typeof StepPanel>[0]) {
  const { step, form, projects, catalog, template } = props;
  if (step === 1) return <StepAppType form={form} />;
  if (step === 2) {
    if (projects.isPending) return <PageSpinner />;
    if (projects.isError) {
      return <LoadError message={projects.error.message} onRetry={() => projects.refetch()} />;
    }
    return <StepEnvironment form={form} projects={projects.data} />;
  }
  if (step === 3) {
    if (catalog.isPending) return <PageSpinner />;
    if (catalog.isError) {
      return <LoadError message={catalog.error.message} onRetry={() => catalog.refetch()} />;
    }
    return <StepTemplate form={form} catalog={catalog.data} onSelect={props.onSelectTemplate} />;
  }
  if (!template) return <PageSpinner />;
  if (step === 4) {
    return (
      <StepConfiguration
        form={form}
        templateId={template.id}
        templateName={template.name}
        config={props.config}
        estimate={props.estimate}
        preset={props.preset}
        onPickPreset={props.onPickPreset}
        onCustom={props.onCustom}
      />
    );
  }
  return props.summary ? <StepReview summary={props.summary} /> : <PageSpinner />;
}
