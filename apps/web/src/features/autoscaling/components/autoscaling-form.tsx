import { autoscalingTexts as m } from '@nuage/shared/messages/autoscaling';
import { autoscalingSettingsSchema } from '@nuage/shared/schemas/autoscaling';
import type { Autoscaling } from '@nuage/shared/schemas/responses/autoscaling';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/lib/toast';
import { useUpdateAutoscaling } from '../api/update-autoscaling';

/** On/off, the bounds and the targets; checked with the API's own schema before sending. */
export function AutoscalingForm({
  deploymentId,
  current,
}: {
  deploymentId: string;
  current: Autoscaling;
}) {
  const save = useUpdateAutoscaling(deploymentId);
  const [enabled, setEnabled] = useState(current.active);
  const [min, setMin] = useState(String(current.min_instances));
  const [max, setMax] = useState(String(current.max_instances));
  const [cpu, setCpu] = useState(String(current.cible_cpu));
  const [memory, setMemory] = useState(current.cible_memoire?.toString() ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = autoscalingSettingsSchema.safeParse({
      active: enabled,
      min_instances: Number(min),
      max_instances: Number(max),
      cible_cpu: Number(cpu),
      cible_memoire: memory.trim() === '' ? null : Number(memory),
    });
    const next: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) next[String(issue.path[0])] ??= issue.message;
    setErrors(next);
    if (!parsed.success) return;
    try {
      await save.mutateAsync(parsed.data);
      notify.success(m.saved);
    } catch {
      // the API client's toast said why
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-label={m.cardTitle}>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        {m.enabledLabel}
      </label>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={m.minLabel} error={errors.min_instances}>
          <Input inputMode="numeric" value={min} onChange={(e) => setMin(e.target.value)} />
        </FormField>
        <FormField label={m.maxLabel} error={errors.max_instances}>
          <Input inputMode="numeric" value={max} onChange={(e) => setMax(e.target.value)} />
        </FormField>
        <FormField label={m.cpuTargetLabel} error={errors.cible_cpu}>
          <Input inputMode="numeric" value={cpu} onChange={(e) => setCpu(e.target.value)} />
        </FormField>
        <FormField label={m.memoryTargetLabel} error={errors.cible_memoire}>
          <Input inputMode="numeric" value={memory} onChange={(e) => setMemory(e.target.value)} />
        </FormField>
      </div>
      <Button type="submit" variant="outline" loading={save.isPending} loadingText={m.saving}>
        {m.save}
      </Button>
    </form>
  );
}
