import type { PlanificationSauvegarde } from '@nuage/shared/backup-types';
import { backupDestinationSchema, backupScheduleSchema } from '@nuage/shared/schemas/backups';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/lib/toast';
import { backupDestinationQueryOptions } from '../api/get-backup-destination';
import { useSaveBackupDestination } from '../api/save-backup-destination';
import { useUpdateBackupSchedule } from '../api/update-backup-schedule';

type Errors = Record<string, string>;

/** The first French message of each invalid field, keyed by the field's name. */
function issuesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Errors {
  const errors: Errors = {};
  for (const issue of result.error?.issues ?? []) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** « Planification »: daily backups on or off, and how many / how long they are kept. */
export function BackupScheduleForm({
  deploymentId,
  schedule,
}: {
  deploymentId: string;
  schedule: PlanificationSauvegarde;
}) {
  const save = useUpdateBackupSchedule(deploymentId);
  const [enabled, setEnabled] = useState(schedule.actif);
  const [count, setCount] = useState(String(schedule.conservation_nombre));
  const [days, setDays] = useState(String(schedule.conservation_jours));
  const [errors, setErrors] = useState<Errors>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = backupScheduleSchema.safeParse({
      // Only a choice the customer made: a page shown before the schedule was known must not
      // turn backups off when only the retention is saved.
      ...(enabled === schedule.actif ? {} : { actif: enabled }),
      conservation_nombre: Number(count),
      conservation_jours: Number(days),
    });
    setErrors(issuesOf(parsed));
    if (!parsed.success) return;
    try {
      await save.mutateAsync(parsed.data);
      notify.success('Planification enregistrée');
    } catch {
      // the API client's toast said why
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-label="Planification">
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        Sauvegarde automatique quotidienne
      </label>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Sauvegardes conservées" error={errors.conservation_nombre}>
          <Input inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} />
        </FormField>
        <FormField label="Conservation (jours)" error={errors.conservation_jours}>
          <Input inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
        </FormField>
      </div>
      <Button
        type="submit"
        variant="outline"
        loading={save.isPending}
        loadingText="Enregistrement..."
      >
        Enregistrer la planification
      </Button>
    </form>
  );
}

const EMPTY = {
  endpoint: '',
  region: '',
  bucket: '',
  prefixe: '',
  access_key_id: '',
  secret_access_key: '',
};

/**
 * The project's S3-compatible destination (project admins). The secret key is write-only: the
 * API never answers it, so it must be typed again on every change.
 */
export function S3DestinationForm({ projectId }: { projectId: string }) {
  const current = useQuery(backupDestinationQueryOptions(projectId));
  const save = useSaveBackupDestination(projectId);
  const [values, setValues] = useState<typeof EMPTY | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const stored = current.data?.destination ?? null;
  const shown = values ?? { ...EMPTY, ...(stored ?? {}), secret_access_key: '' };
  const field = (key: keyof typeof EMPTY) => ({
    value: shown[key],
    onChange: (e: { target: { value: string } }) => setValues({ ...shown, [key]: e.target.value }),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = backupDestinationSchema.safeParse(shown);
    setErrors(issuesOf(parsed));
    if (!parsed.success) return;
    try {
      await save.mutateAsync(parsed.data);
      setValues(null);
      notify.success('Destination S3 enregistrée');
    } catch {
      // the API client's toast said why
    }
  };

  const remove = async () => {
    try {
      await save.mutateAsync(null);
      setValues(null);
      notify.success('Destination S3 retirée : les sauvegardes restent sur le serveur');
    } catch {
      // the API client's toast said why
    }
  };

  if (current.isPending) return null;
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-label="Destination S3">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Chaque sauvegarde du projet est aussi envoyée vers ce stockage compatible S3, puis relue
        pour vérification.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Adresse (endpoint)" error={errors.endpoint}>
          <Input placeholder="https://s3.exemple.sn" {...field('endpoint')} />
        </FormField>
        <FormField label="Région" error={errors.region}>
          <Input placeholder="us-east-1" {...field('region')} />
        </FormField>
        <FormField label="Bucket" error={errors.bucket}>
          <Input {...field('bucket')} />
        </FormField>
        <FormField label="Préfixe" error={errors.prefixe}>
          <Input {...field('prefixe')} />
        </FormField>
        <FormField label="Identifiant de clé d'accès" error={errors.access_key_id}>
          <Input autoComplete="off" {...field('access_key_id')} />
        </FormField>
        <FormField
          label="Clé secrète"
          error={errors.secret_access_key}
          hint={
            stored
              ? 'Enregistrée, jamais affichée : saisissez-la à nouveau pour modifier.'
              : undefined
          }
        >
          <Input type="password" autoComplete="new-password" {...field('secret_access_key')} />
        </FormField>
      </div>
      <div className="flex gap-2">
        <Button
          type="submit"
          variant="outline"
          loading={save.isPending}
          loadingText="Enregistrement..."
        >
          Enregistrer la destination
        </Button>
        {stored && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => void remove()}
            disabled={save.isPending}
          >
            Retirer la destination
          </Button>
        )}
      </div>
    </form>
  );
}
