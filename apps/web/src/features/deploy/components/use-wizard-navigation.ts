import { useState } from 'react';
import { useNavigate } from 'react-router';

export type WizardStep = 1 | 2 | 3 | 4 | 5;

export const wizardSteps = [
  "Type d'App",
  'Environnement',
  'Template',
  'Configuration',
  'Déploiement',
] as const;

/**
 * SPEC §2 navigation: one step back or forward, except that a preselected environment skips
 * step 2 both ways (1 → 3 and 3 → 1); Back on step 1 leaves for the environment given in the
 * URL, else the dashboard.
 */
export function useWizardNavigation({
  requestedEnvironmentId,
  preselected,
}: {
  requestedEnvironmentId: string | null;
  preselected: boolean;
}) {
  const navigate = useNavigate();
  const [step, setStep] = useState<WizardStep>(1);

  const back = () => {
    if (step === 1) {
      navigate(requestedEnvironmentId ? `/deployments/${requestedEnvironmentId}` : '/dashboard');
    } else if (step === 3 && preselected) {
      setStep(1);
    } else {
      setStep((step - 1) as WizardStep);
    }
  };
  const next = () => {
    if (step === 1 && preselected) setStep(3);
    else if (step < 5) setStep((step + 1) as WizardStep);
  };
  /** Back to a step that holds a field the server refused. */
  const goTo = (target: WizardStep) => setStep(target);
  return { step, back, next, goTo };
}
