import { deployLimits } from '@nuage/shared/schemas/deployments';
import { Minus, Pencil, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';

/**
 * SPEC §2/§4 actions (developer and admin only): scale minus/plus — minus disabled at 1
 * replica, each click sets replicas to current ± 1 — restart, edit and delete.
 */
export function ActionsCard({
  replicas,
  busy,
  scaling,
  restarting,
  onScale,
  onRestart,
  onEdit,
  onDelete,
}: {
  replicas: number;
  /** The application is being deleted: nothing more can be asked of it. */
  busy: boolean;
  scaling: boolean;
  restarting: boolean;
  onScale(next: number): void;
  onRestart(): void;
  onEdit(): void;
  onDelete(): void;
}) {
  const { min, max } = deployLimits.replicas;
  return (
    <Card role="region" aria-labelledby="actions-title">
      <CardHeader title={<span id="actions-title">Actions</span>} />
      <CardBody className="space-y-4">
        <div>
          <p className="mb-2 text-sm font-medium" id="scale-label">
            Mise à l'échelle
          </p>
          <div className="flex items-center gap-3" role="group" aria-labelledby="scale-label">
            <Button
              variant="outline"
              size="icon"
              aria-label="Retirer une instance"
              disabled={busy || scaling || replicas <= min}
              onClick={() => onScale(replicas - 1)}
            >
              <Minus className="size-4" aria-hidden="true" />
            </Button>
            <output
              aria-live="polite"
              aria-label="Nombre d’instances"
              className="min-w-16 text-center text-lg font-semibold tabular-nums"
            >
              {replicas}
            </output>
            <Button
              variant="outline"
              size="icon"
              aria-label="Ajouter une instance"
              disabled={busy || scaling || replicas >= max}
              onClick={() => onScale(replicas + 1)}
            >
              <Plus className="size-4" aria-hidden="true" />
            </Button>
            <span className="text-sm text-slate-500 dark:text-slate-400">
              instance{replicas > 1 ? 's' : ''}
            </span>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={onRestart}
            disabled={busy}
            loading={restarting}
            loadingText="Redémarrage..."
          >
            <RotateCcw className="size-4" aria-hidden="true" /> Redémarrer
          </Button>
          <Button variant="outline" onClick={onEdit} disabled={busy}>
            <Pencil className="size-4" aria-hidden="true" /> Modifier
          </Button>
          <Button variant="danger" onClick={onDelete} disabled={busy}>
            <Trash2 className="size-4" aria-hidden="true" /> Supprimer
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
