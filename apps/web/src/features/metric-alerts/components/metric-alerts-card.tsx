import {
  describeMetricAlertRule,
  metricAlertTexts as t,
} from '@nuage/shared/messages/metric-alerts';
import {
  defaultMetricAlertRules,
  metricAlertKinds,
  type MetricAlertRuleInput,
} from '@nuage/shared/schemas/metric-alerts';
import type { MetricAlertRule } from '@nuage/shared/schemas/responses/metric-alerts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/lib/toast';
import {
  metricAlertsQueryOptions,
  useDeleteMetricAlertRule,
  useSaveMetricAlertRule,
} from '../api/metric-alerts';
import { AlertIncidents } from './alert-incidents';
import { RuleForm } from './rule-form';

/** A new rule's form starts on a measure that has none yet (one rule per measure). */
function newRuleFor(taken: MetricAlertRule[]): MetricAlertRuleInput {
  const type = metricAlertKinds.find((k) => !taken.some((r) => r.type === k)) ?? 'cpu';
  if (type === 'restarts') return { type, seuil: 3, minutes: 5, active: true };
  if (type === 'errors5xx') return { type, seuil: 5, minutes: 5, active: true };
  return { type, seuil: 90, minutes: 10, active: true };
}

/**
 * « Alertes »: the application's metric alert rules (issue 28 item 6), the alerts going on and
 * the last ones. Developers and admins add (the advised rules in one click), change and delete.
 */
export function MetricAlertsCard({
  deploymentId,
  canManage,
}: {
  deploymentId: string;
  canManage: boolean;
}) {
  const alerts = useQuery(metricAlertsQueryOptions(deploymentId));
  const save = useSaveMetricAlertRule(deploymentId);
  const remove = useDeleteMetricAlertRule(deploymentId);
  const [editing, setEditing] = useState<MetricAlertRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MetricAlertRule | null>(null);
  const a = alerts.data;
  const openCount = a?.incidents.filter((i) => i.fin === null).length ?? 0;
  const defaultsMissing = defaultMetricAlertRules.some(
    (d) => !a?.regles.some((r) => r.type === d.type),
  );

  const submit = async (rule: MetricAlertRuleInput) => {
    try {
      await save.mutateAsync({ id: editing === 'new' ? undefined : editing?.id, rule });
      notify.success(t.saved);
      setEditing(null);
    } catch {
      // the API client's toast said why
    }
  };
  const addDefaults = async () => {
    const taken = new Set(a?.regles.map((r) => r.type));
    try {
      for (const rule of defaultMetricAlertRules)
        if (!taken.has(rule.type)) await save.mutateAsync({ rule });
      notify.success(t.saved);
    } catch {
      // the API client's toast said why
    }
  };
  const doDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success(t.deleted);
      setDeleting(null);
    } catch {
      // the API client's toast said why
    }
  };

  return (
    <Card role="region" aria-labelledby="metric-alerts-title">
      <CardHeader
        title={<span id="metric-alerts-title">{t.cardTitle}</span>}
        description={t.cardIntro}
        actions={openCount > 0 && <Badge tone="red">{`${openCount} ${t.ongoing}`}</Badge>}
      />
      <CardBody className="space-y-4">
        {alerts.isError && (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t.loadError}</p>
        )}
        {a && (
          <>
            {a.regles.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">{t.noRule}</p>
            ) : (
              <ul className="divide-y divide-slate-200 dark:divide-slate-800">
                {a.regles.map((r) => (
                  <li key={r.id} className="flex flex-wrap items-center gap-2 py-2">
                    <span className="min-w-0 flex-1 text-sm">{describeMetricAlertRule(r)}</span>
                    {!r.active && <Badge tone="grey">{t.inactive}</Badge>}
                    {canManage && (
                      <span className="flex gap-1">
                        <Button size="sm" variant="ghost" onClick={() => setEditing(r)}>
                          {t.edit}
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => setDeleting(r)}>
                          {t.delete}
                        </Button>
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {!a.redemarrages_mesures && a.regles.some((r) => r.type === 'restarts') && (
              <p className="text-sm text-amber-800 dark:text-amber-200">{t.restartsUnavailable}</p>
            )}
            {canManage && editing === null && (
              <div className="space-y-2">
                <div className="flex flex-wrap gap-2">
                  {defaultsMissing && (
                    <Button
                      variant="outline"
                      loading={save.isPending}
                      loadingText={t.saving}
                      onClick={() => void addDefaults()}
                    >
                      {t.addDefaults}
                    </Button>
                  )}
                  {a.regles.length < metricAlertKinds.length && (
                    <Button variant="ghost" onClick={() => setEditing('new')}>
                      {t.add}
                    </Button>
                  )}
                </div>
                {defaultsMissing && (
                  <p className="text-xs text-slate-500 dark:text-slate-400">{t.defaultsHint}</p>
                )}
              </div>
            )}
            {canManage && editing !== null && (
              <RuleForm
                initial={editing === 'new' ? newRuleFor(a.regles) : editing}
                title={editing === 'new' ? t.formTitleNew : t.formTitleEdit}
                pending={save.isPending}
                onSubmit={(rule) => void submit(rule)}
                onCancel={() => setEditing(null)}
              />
            )}
            {!canManage && (
              <p className="text-xs text-slate-500 dark:text-slate-400">{t.readOnly}</p>
            )}
            <AlertIncidents incidents={a.incidents} />
            <p className="text-xs text-slate-500 dark:text-slate-400">{t.channelsHint}</p>
          </>
        )}
      </CardBody>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t.confirmDelete}
        confirmLabel={t.delete}
        onConfirm={() => void doDelete()}
        pending={remove.isPending}
        pendingLabel={t.deleting}
      >
        <p>
          {deleting && describeMetricAlertRule(deleting)}. {t.deleteBody}
        </p>
      </ConfirmDialog>
    </Card>
  );
}
