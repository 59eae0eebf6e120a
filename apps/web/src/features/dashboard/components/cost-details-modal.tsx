import type { ProjectCost, UsageSummary } from '@nuage/shared/pricing-types';
import { previewWebTexts } from '@nuage/shared/messages/previews';
import { operationsTexts } from '@nuage/shared/operations-messages';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatNumber, formatXof } from '@/lib/format';

/**
 * SPEC §2 'Détail des coûts par projet': what the resources cost per whole month at today's
 * configuration (the rate behind the month's consumption, offer not included), then per project its cost, what it reserves
 * of CPU, RAM and storage with each one's cost (SPEC §9 unit prices), and the split between
 * resource cost and 'Frais de plateforme'.
 */
export function CostDetailsModal({
  costs,
  open,
  onOpenChange,
}: {
  costs: UsageSummary;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={operationsTexts.costDetailsTitle}
      size="xl"
      footer={<Button onClick={() => onOpenChange(false)}>Fermer</Button>}
    >
      <dl className="grid gap-3 sm:grid-cols-3">
        <Total label="Ressources par mois entier" value={formatXof(costs.total_monthly_cost)} />
        <Total label="Sur un an à ce rythme" value={formatXof(costs.total_yearly_cost)} />
        <Total label="Projets" value={String(costs.projects.length)} />
      </dl>
      <ul className="mt-5 space-y-4">
        {costs.projects.map((p) => (
          <ProjectCostItem key={p.project_id} cost={p} />
        ))}
      </ul>
    </Modal>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-4 py-3 dark:bg-slate-800/60">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function ProjectCostItem({ cost }: { cost: ProjectCost }) {
  const titleId = `cost-${cost.project_id}`;
  const resourceShare =
    cost.monthly_cost > 0 ? Math.round((cost.resource_cost_xof / cost.monthly_cost) * 100) : 0;
  const lines = [
    {
      label: 'CPU',
      usage: `${formatNumber(cost.usage.cpu_used)} cores`,
      cost: cost.costs.cpu.cost_xof,
    },
    {
      label: 'RAM',
      usage: `${formatNumber(cost.usage.ram_used)} GB`,
      cost: cost.costs.ram.cost_xof,
    },
    {
      label: 'Stockage',
      usage: `${formatNumber(cost.usage.storage_used)} GB`,
      cost: cost.costs.storage.cost_xof,
    },
    {
      label: 'Sauvegardes',
      usage: `${formatNumber(cost.sauvegardes.quantity)} GB`,
      cost: cost.sauvegardes.cost_xof,
    },
  ];
  return (
    <li
      aria-labelledby={titleId}
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="truncate font-semibold">
            {cost.project_name}
          </h3>
          {/* SPEC §2 lists the project's id beside its name: copied as it is. */}
          <p
            data-verbatim
            className="truncate font-mono text-xs text-slate-500 dark:text-slate-400"
          >
            {cost.project_id}
          </p>
        </div>
        <p className="text-right">
          <span className="block font-semibold tabular-nums">{formatXof(cost.monthly_cost)}</span>
          <span className="text-xs text-slate-500 dark:text-slate-400">par mois</span>
        </p>
      </div>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">Ressources réservées et leur coût</caption>
        <thead>
          <tr className="text-left text-xs text-slate-500 dark:text-slate-400">
            <th scope="col" className="py-1 font-medium">
              Ressource
            </th>
            <th scope="col" className="py-1 font-medium">
              Utilisation
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Coût mensuel
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.label} className="border-t border-slate-100 dark:border-slate-800">
              <th scope="row" className="py-1.5 text-left font-medium">
                {l.label}
              </th>
              <td className="py-1.5 tabular-nums">{l.usage}</td>
              <td className="py-1.5 text-right tabular-nums">{formatXof(l.cost)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-3 space-y-1.5">
        <div
          className="flex h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
          aria-hidden="true"
        >
          <div className="bg-blue-600" style={{ width: `${resourceShare}%` }} />
          <div className="flex-1 bg-violet-400 dark:bg-violet-500" />
        </div>
        <dl className="flex flex-wrap justify-between gap-2 text-sm">
          <div className="flex gap-1.5">
            <dt className="text-slate-500 dark:text-slate-400">Coût des ressources :</dt>
            <dd className="font-medium tabular-nums">{formatXof(cost.resource_cost_xof)}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-slate-500 dark:text-slate-400">{operationsTexts.platformFee} :</dt>
            <dd className="font-medium tabular-nums">{formatXof(cost.platform_fee_xof)}</dd>
          </div>
          {cost.apercus.nombre > 0 && (
            <div className="flex gap-1.5">
              <dt className="text-slate-500 dark:text-slate-400">
                {previewWebTexts.costOfPreviews(cost.apercus.nombre)}
              </dt>
              <dd className="font-medium tabular-nums">
                {formatXof(cost.apercus.cout_mensuel_xof)}
              </dd>
            </div>
          )}
        </dl>
      </div>
    </li>
  );
}
