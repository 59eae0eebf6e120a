import type { PromotionTarget, Release } from '@nuage/shared/build-types';
import { codeAppTexts } from '@nuage/shared/code-app-texts';
import { environmentTypeLabels, type EnvironmentType } from '@nuage/shared/schemas/environments';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { notify } from '@/lib/toast';
import { usePromoteRelease } from '../api/promote-release';

const typeLabel = (type: string) => environmentTypeLabels[type as EnvironmentType] ?? type;

/**
 * « Promouvoir » a release: the application that receives it is chosen among the project's
 * code applications of the same repository in other environments (production first when there
 * is one); the same image goes there, with that application's own variables and resources.
 */
export function PromoteReleaseDialog({
  deploymentId,
  release,
  targets,
  onClose,
}: {
  deploymentId: string;
  release: Release | null;
  targets: PromotionTarget[];
  onClose(): void;
}) {
  const promote = usePromoteRelease(deploymentId);
  // Production first when there is one (the caller keys the dialog by release: a fresh choice).
  const [chosen, setTargetId] = useState<string | null>(null);
  const targetId =
    chosen ??
    (targets.find((t) => t.environnement_type === 'prod') ?? targets[0])?.deployment_id ??
    '';
  const target = targets.find((t) => t.deployment_id === targetId);

  const confirm = async () => {
    if (!release || !target) return;
    try {
      const { message } = await promote.mutateAsync({
        releaseId: release.id,
        targetId: target.deployment_id,
      });
      notify.success(message);
      onClose();
    } catch {
      // The API client's toast said why; the dialog stays for another choice.
    }
  };

  return (
    <Modal
      open={release !== null}
      onOpenChange={(open) => !open && !promote.isPending && onClose()}
      title={codeAppTexts.promoteTitle}
      size="md"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={promote.isPending}>
            Annuler
          </Button>
          <Button
            onClick={() => void confirm()}
            disabled={!target}
            loading={promote.isPending}
            loadingText="Promotion en cours…"
          >
            {codeAppTexts.promoteTo(target?.environnement_nom ?? '…')}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-700 dark:text-slate-300">
        <p>
          Version <strong>{release?.numero}</strong> (commit{' '}
          <code>{release?.commit_sha.slice(0, 7)}</code>). {codeAppTexts.promoteExplained}
        </p>
        <fieldset className="space-y-2">
          <legend className="mb-1 font-medium text-slate-900 dark:text-slate-100">
            {codeAppTexts.promoteTarget}
          </legend>
          {targets.map((t) => (
            <label
              key={t.deployment_id}
              className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-200 px-3 py-2 has-[:checked]:border-blue-600 dark:border-slate-700 dark:has-[:checked]:border-blue-400"
            >
              <input
                type="radio"
                name="promotion-target"
                value={t.deployment_id}
                checked={t.deployment_id === targetId}
                onChange={() => setTargetId(t.deployment_id)}
              />
              <span className="min-w-0">
                <span className="block font-medium">{t.nom}</span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {t.environnement_nom} · {typeLabel(t.environnement_type)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      </div>
    </Modal>
  );
}
