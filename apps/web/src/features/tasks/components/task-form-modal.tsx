import { taskLabels } from '@nuage/shared/messages/tasks';
import type { Task } from '@nuage/shared/schemas/responses/tasks';
import { concurrencyPolicies, createTaskSchema, taskLimits } from '@nuage/shared/schemas/tasks';
import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { ModalFormActions } from '@/components/ui/modal-form-actions';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useSaveTask } from '../api/save-task';
import { SchedulePreview } from './schedule-preview';

type Errors = Record<string, string>;
const FORM_ID = 'task-form';
/** Zones offered first; any IANA name may be typed. */
const ZONES = [
  'Africa/Abidjan',
  'Africa/Dakar',
  'Africa/Lagos',
  'Africa/Douala',
  'Europe/Paris',
  'UTC',
];

/** The first French message of each invalid field (zod's issues, or the API's 422). */
function errorsOf(
  issues: { path?: PropertyKey[]; loc?: (string | number)[]; message?: string; msg?: string }[],
) {
  const errors: Errors = {};
  for (const i of issues) {
    const path = i.path ?? i.loc?.filter((p) => p !== 'body') ?? [];
    errors[String(path[0] ?? '')] ??= i.message ?? i.msg ?? '';
  }
  return errors;
}

/** Creates or edits a task, with the schedule read in French as it is typed. */
export function TaskFormModal({
  deploymentId,
  task,
  onClose,
}: {
  deploymentId: string;
  /** The task edited; none: a new one. */
  task: Task | null;
  onClose(): void;
}) {
  const save = useSaveTask(deploymentId);
  const [nom, setNom] = useState(task?.nom ?? '');
  const [commande, setCommande] = useState(task?.commande ?? '');
  const [planification, setPlanification] = useState(task?.planification ?? '0 2 * * *');
  const [zone, setZone] = useState(task?.fuseau_horaire ?? taskLimits.defaultTimeZone);
  const [timeout, setTimeoutValue] = useState(
    String(task?.delai_max_secondes ?? taskLimits.defaultTimeoutSeconds),
  );
  const [policy, setPolicy] = useState<(typeof concurrencyPolicies)[number]>(
    task?.politique_concurrence ?? 'ignorer',
  );
  const [errors, setErrors] = useState<Errors>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = {
      nom,
      commande,
      planification,
      fuseau_horaire: zone,
      delai_max_secondes: Number(timeout),
      politique_concurrence: policy,
    };
    const checked = createTaskSchema.safeParse(input);
    if (!checked.success) return setErrors(errorsOf(checked.error.issues));
    setErrors({});
    try {
      await save.mutateAsync({ input, ...(task ? { taskId: task.id } : {}) });
      notify.success(task ? 'Tâche modifiée' : 'Tâche planifiée créée');
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.issues.length) setErrors(errorsOf(err.issues));
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={task ? 'Modifier la tâche planifiée' : 'Nouvelle tâche planifiée'}
      description="La commande s’exécute dans un conteneur neuf de l’image actuelle de l’application, avec ses variables d’environnement et ses limites."
      size="lg"
      footer={<ModalFormActions formId={FORM_ID} submitting={save.isPending} onCancel={onClose} />}
    >
      <form id={FORM_ID} className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        <FormField label="Nom" error={errors.nom}>
          <Input value={nom} onChange={(e) => setNom(e.target.value)} maxLength={100} />
        </FormField>
        <FormField label="Commande" error={errors.commande} hint="Lancée par /bin/sh -c">
          <Textarea
            className="font-mono"
            rows={3}
            value={commande}
            onChange={(e) => setCommande(e.target.value)}
            placeholder="php artisan rapport:envoyer"
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Planification (cron, 5 champs)"
            error={errors.planification}
            hint="minute heure jour mois jour-de-semaine, ex. « */5 * * * * »"
          >
            <Input
              className="font-mono"
              value={planification}
              onChange={(e) => setPlanification(e.target.value)}
            />
          </FormField>
          <FormField label="Fuseau horaire" error={errors.fuseau_horaire}>
            <Input list="task-zones" value={zone} onChange={(e) => setZone(e.target.value)} />
          </FormField>
          <datalist id="task-zones">
            {ZONES.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </div>
        <SchedulePreview expression={planification} timeZone={zone} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Délai maximal (secondes)" error={errors.delai_max_secondes}>
            <Input
              type="number"
              inputMode="numeric"
              min={taskLimits.minTimeoutSeconds}
              max={taskLimits.maxTimeoutSeconds}
              value={timeout}
              onChange={(e) => setTimeoutValue(e.target.value)}
            />
          </FormField>
          <FormField label="Si la précédente tourne encore">
            <Select
              value={policy}
              onChange={(e) => setPolicy(e.target.value as (typeof concurrencyPolicies)[number])}
            >
              {concurrencyPolicies.map((p) => (
                <option key={p} value={p}>
                  {taskLabels.politique[p]}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
      </form>
    </Modal>
  );
}
