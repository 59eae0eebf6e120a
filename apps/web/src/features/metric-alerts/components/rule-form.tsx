import { metricAlertKindLabels, metricAlertTexts as t } from '@nuage/shared/messages/metric-alerts';
import {
  metricAlertKinds,
  metricAlertRuleSchema,
  type MetricAlertKind,
  type MetricAlertRuleInput,
} from '@nuage/shared/schemas/metric-alerts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm dark:border-slate-700 dark:bg-slate-900';

/** A rule's measure, threshold and window; checked with the API's own schema before sending. */
export function RuleForm({
  initial,
  title,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: MetricAlertRuleInput;
  title: string;
  pending: boolean;
  onSubmit(rule: MetricAlertRuleInput): void;
  onCancel(): void;
}) {
  const [kind, setKind] = useState<MetricAlertKind>(initial.type);
  const [threshold, setThreshold] = useState(String(initial.seuil));
  const [minutes, setMinutes] = useState(String(initial.minutes));
  const [active, setActive] = useState(initial.active);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const restarts = kind === 'restarts';
  const errors = kind === 'errors5xx';
  const disk = kind === 'disk';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = metricAlertRuleSchema.safeParse({
      type: kind,
      seuil: Number(threshold),
      minutes: Number(minutes),
      active,
    });
    const next: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) next[String(issue.path[0])] ??= issue.message;
    setFieldErrors(next);
    if (parsed.success) onSubmit(parsed.data);
  };

  return (
    <form
      onSubmit={submit}
      aria-label={title}
      className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
    >
      <h3 className="text-sm font-semibold">{title}</h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label={t.kind} error={fieldErrors.type}>
          <select
            className={selectClass}
            value={kind}
            onChange={(e) => setKind(e.target.value as MetricAlertKind)}
          >
            {metricAlertKinds.map((k) => (
              <option key={k} value={k}>
                {metricAlertKindLabels[k]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          label={
            restarts
              ? t.thresholdCount
              : errors
                ? t.thresholdErrors
                : disk
                  ? t.thresholdDisk
                  : t.threshold
          }
          error={fieldErrors.seuil}
        >
          <Input
            inputMode="numeric"
            value={threshold}
            onChange={(e) => setThreshold(e.target.value)}
          />
        </FormField>
        <FormField label={restarts ? t.minutesRestarts : t.minutes} error={fieldErrors.minutes}>
          <Input inputMode="numeric" value={minutes} onChange={(e) => setMinutes(e.target.value)} />
        </FormField>
      </div>
      {errors && <p className="text-xs text-slate-500 dark:text-slate-400">{t.errorsHint}</p>}
      {disk && <p className="text-xs text-slate-500 dark:text-slate-400">{t.diskHint}</p>}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
        {t.active}
      </label>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={pending} loadingText={t.saving}>
          {t.save}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}
