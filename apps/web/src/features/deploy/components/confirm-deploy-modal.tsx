import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatXof } from '@/lib/format';
import type { DeploySummary } from './step-review';

/** What the question names: the SaaS or the code path's summary. */
type ConfirmSummary = Omit<DeploySummary, 'template'> & { template: { name: string } };

/** SPEC §2: 'Déployer l'application' asks first, in 'Confirmer le déploiement'. */
export function ConfirmDeployModal({
  open,
  summary,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  summary: ConfirmSummary | null;
  onCancel(): void;
  onConfirm(): void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title="Confirmer le déploiement"
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            Annuler
          </Button>
          <Button onClick={onConfirm}>Confirmer</Button>
        </>
      }
    >
      {summary && (
        <div className="space-y-2 text-sm text-slate-700 dark:text-slate-300">
          <p>
            Déployer <strong>{String(summary.values.app_name ?? '').trim()}</strong> (
            {summary.template.name}) dans l'environnement <strong>{summary.environmentName}</strong>{' '}
            du projet <strong>{summary.projectName}</strong> ?
          </p>
          <p>Les ressources demandées seront réservées sur les quotas du projet.</p>
          {summary.monthly !== null && (
            <p>
              Coût estimé : <strong>{formatXof(summary.monthly)} / mois</strong>
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
