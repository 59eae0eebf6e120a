import { uptimeTexts } from '@nuage/shared/messages/uptime';
import type { UptimeSettings } from '@nuage/shared/schemas/responses/uptime';
import { uptimeSettingsSchema } from '@nuage/shared/schemas/uptime';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/lib/toast';
import { useUpdateUptimeSettings } from '../api/update-uptime-settings';

/** The path checked, the status that counts as up (empty: 2xx or 3xx) and the timeout. */
export function UptimeSettingsForm({
  deploymentId,
  settings,
}: {
  deploymentId: string;
  settings: UptimeSettings;
}) {
  const save = useUpdateUptimeSettings(deploymentId);
  const [path, setPath] = useState(settings.chemin);
  const [status, setStatus] = useState(settings.code_attendu?.toString() ?? '');
  const [timeout, setTimeoutValue] = useState(String(settings.delai_secondes));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = uptimeSettingsSchema.safeParse({
      chemin: path.trim(),
      code_attendu: status.trim() === '' ? null : Number(status),
      delai_secondes: Number(timeout),
    });
    const next: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) next[String(issue.path[0])] ??= issue.message;
    setErrors(next);
    if (!parsed.success) return;
    try {
      await save.mutateAsync(parsed.data);
      notify.success(uptimeTexts.settingsSaved);
    } catch {
      // the API client's toast said why
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="space-y-3"
      aria-label="Réglages de la vérification"
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Chemin vérifié" error={errors.chemin}>
          <Input value={path} onChange={(e) => setPath(e.target.value)} placeholder="/" />
        </FormField>
        <FormField
          label="Code HTTP attendu"
          error={errors.code_attendu}
          hint={`Vide : ${uptimeTexts.anyGoodStatus}`}
        >
          <Input inputMode="numeric" value={status} onChange={(e) => setStatus(e.target.value)} />
        </FormField>
        <FormField label="Délai (secondes)" error={errors.delai_secondes}>
          <Input
            inputMode="numeric"
            value={timeout}
            onChange={(e) => setTimeoutValue(e.target.value)}
          />
        </FormField>
      </div>
      <Button
        type="submit"
        variant="outline"
        loading={save.isPending}
        loadingText="Enregistrement..."
      >
        Enregistrer les réglages
      </Button>
    </form>
  );
}
