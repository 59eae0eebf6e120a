import type { Project } from '@nuage/shared/api-types';
import type { PricingPreset, ResourceConfiguration } from '@nuage/shared/pricing-types';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import type {
  Catalog,
  CodeCatalogEntry,
  SaasCatalogEntry,
} from '@nuage/shared/schemas/responses/catalog';
import type { CostPanelProps } from './cost-panel';
import { FirstBuild } from './first-build';
import { StepAppType } from './step-app-type';
import { StepCodeConfiguration } from './step-code-configuration';
import { StepCodeReview, type CodeDeploySummary } from './step-code-review';
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
  /** The Code path, when chosen at step 1. */
  code: {
    template: CodeCatalogEntry | undefined;
    summary: CodeDeploySummary | null;
    repositoryProblem: string | null;
    /** Sent: step 5 follows the first build. */
    result: { deploymentId: string; buildId: string } | null;
  } | null;
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

/** The cost panel's inputs, whichever path step 4 is on. */
function costOf(props: Parameters<typeof StepPanel>[0], templateId: string): CostPanelProps {
  const { config, estimate, preset, onPickPreset, onCustom } = props;
  return { templateId, config, estimate, preset, onPickPreset, onCustom };
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
  if (props.code) return <CodeStepContent {...props} code={props.code} />;
  if (!template) return <PageSpinner />;
  if (step === 4) {
    return (
      <StepConfiguration
        form={form}
        templateName={template.name}
        cost={costOf(props, template.id)}
      />
    );
  }
  return props.summary ? <StepReview summary={props.summary} /> : <PageSpinner />;
}

function CodeStepContent(
  props: Parameters<typeof StepPanel>[0] & {
    code: NonNullable<Parameters<typeof StepPanel>[0]['code']>;
  },
) {
  const { step, form, code } = props;
  if (!code.template) return <PageSpinner />;
  if (step === 4) {
    return (
      <StepCodeConfiguration
        form={form}
        templateName={code.template.name}
        repositoryProblem={code.repositoryProblem}
        cost={costOf(props, code.template.id)}
      />
    );
  }
  if (code.result) return <FirstBuild {...code.result} />;
  return code.summary ? <StepCodeReview summary={code.summary} /> : <PageSpinner />;
}
