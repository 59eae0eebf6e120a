import { deployButton } from '@nuage/shared/messages';
import { ArrowLeft, ArrowRight, Check, Rocket } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { DeployState } from './use-deploy-flow';
import type { WizardStep } from './use-wizard-navigation';

/** Back and Continue; on the last step, the deploy button and its three states (SPEC §4). */
export function WizardFooter({
  step,
  canContinue,
  canDeploy,
  deployState,
  onBack,
}: {
  step: WizardStep;
  canContinue: boolean;
  canDeploy: boolean;
  deployState: DeployState;
  onBack(): void;
}) {
  const busy = deployState !== 'idle';
  return (
    <div className="mt-8 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
      <Button variant="outline" onClick={onBack} disabled={busy}>
        <ArrowLeft className="size-4" aria-hidden="true" /> Retour
      </Button>
      {step < 5 ? (
        // The form's submit: Enter in a field continues too.
        <Button type="submit" disabled={!canContinue}>
          Continuer <ArrowRight className="size-4" aria-hidden="true" />
        </Button>
      ) : (
        <Button
          type="submit"
          disabled={!canDeploy || deployState === 'done'}
          loading={deployState === 'pending'}
          loadingText={deployButton.pending}
          className={
            deployState === 'done' ? 'bg-green-600 disabled:bg-green-600 disabled:opacity-100' : ''
          }
        >
          {deployState === 'done' ? (
            <>
              <Check className="size-4" aria-hidden="true" /> {deployButton.done}
            </>
          ) : (
            <>
              <Rocket className="size-4" aria-hidden="true" /> {deployButton.idle}
            </>
          )}
        </Button>
      )}
    </div>
  );
}
