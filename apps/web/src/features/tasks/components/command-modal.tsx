import type { TaskRun } from '@nuage/shared/schemas/responses/tasks';
import { runCommandSchema, taskLimits } from '@nuage/shared/schemas/tasks';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { ApiError, messageFromDetail } from '@/lib/api-client';
import { useRunCommand } from '../api/run-task';
import { RunLog } from './run-log';

const FORM_ID = 'command-form';

/** Why a command was refused: the server's sentence, a quota refusal's message included. */
function refusal(err: unknown): string {
  const fallback = 'La commande n’a pas pu être lancée';
  if (!(err instanceof ApiError)) return fallback;
  const detail = err.detail as { message?: unknown } | null;
  if (detail && typeof detail === 'object' && typeof detail.message === 'string')
    return detail.message;
  return messageFromDetail(err.detail, fallback);
}

/**
 * « Exécuter une commande »: runs a command once in a fresh container of the application's
 * image and shows its output live, line by line; the run and its log stay in the history.
 */
export function CommandModal({ deploymentId, onClose }: { deploymentId: string; onClose(): void }) {
  const start = useRunCommand(deploymentId);
  const queryClient = useQueryClient();
  const [commande, setCommande] = useState('');
  const [timeout, setTimeoutValue] = useState('600');
  const [error, setError] = useState<string | null>(null);
  const [run, setRun] = useState<TaskRun | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = runCommandSchema.safeParse({ commande, delai_max_secondes: Number(timeout) });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? null);
    setError(null);
    try {
      const started = await start.mutateAsync({ commande, timeout: Number(timeout) });
      setRun(started.execution);
    } catch (err) {
      setError(refusal(err));
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Exécuter une commande"
      description="Une seule fois, dans un conteneur neuf de l’image actuelle de l’application (ses variables d’environnement, ses secrets et ses limites), supprimé ensuite."
      size="xl"
      footer={
        run ? (
          <>
            <Button variant="outline" onClick={() => setRun(null)}>
              Nouvelle commande
            </Button>
            <Button onClick={onClose}>Fermer</Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={onClose} disabled={start.isPending}>
              Annuler
            </Button>
            <Button
              type="submit"
              form={FORM_ID}
              loading={start.isPending}
              loadingText="Lancement..."
            >
              Exécuter
            </Button>
          </>
        )
      }
    >
      {run ? (
        <RunLog
          key={run.id}
          deploymentId={deploymentId}
          run={run}
          canStop
          onEnd={() => void queryClient.invalidateQueries({ queryKey: ['tasks', deploymentId] })}
        />
      ) : (
        <form id={FORM_ID} className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
          <FormField label="Commande" hint="Lancée par /bin/sh -c">
            <Textarea
              className="font-mono"
              rows={3}
              autoFocus
              value={commande}
              onChange={(e) => setCommande(e.target.value)}
              placeholder="php artisan migrate --force"
            />
          </FormField>
          <FormField label="Délai maximal (secondes)">
            <Input
              type="number"
              inputMode="numeric"
              min={taskLimits.minTimeoutSeconds}
              max={taskLimits.maxTimeoutSeconds}
              value={timeout}
              onChange={(e) => setTimeoutValue(e.target.value)}
            />
          </FormField>
          {error && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
        </form>
      )}
    </Modal>
  );
}
