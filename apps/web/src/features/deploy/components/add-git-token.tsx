import { GitTokenFields } from '@/components/git-token/git-token-fields';
import { useGitTokenForm } from '@/components/git-token/use-git-token-form';
import { Button } from '@/components/ui/button';

/**
 * « Ajouter un token » inside the repository step: a name and the token (a password field,
 * never shown again once saved). Not a <form>: it lives inside the wizard's form, so Enter
 * here adds the token instead of submitting the wizard.
 */
export function AddGitToken({
  projectId,
  onAdded,
  onCancel,
}: {
  projectId: string;
  onAdded(tokenId: string): void;
  onCancel(): void;
}) {
  const form = useGitTokenForm(projectId);
  const add = async () => {
    const created = await form.submit();
    if (created) onAdded(created.id);
  };
  const onEnter = (e: React.KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void add();
  };

  return (
    <div
      role="group"
      aria-label="Ajouter un token"
      className="space-y-3 rounded-lg border border-dashed border-slate-300 p-4 dark:border-slate-700"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <GitTokenFields form={form} onKeyDown={onEnter} />
      </div>
      {form.errors.form && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {form.errors.form}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onCancel} disabled={form.pending}>
          Annuler
        </Button>
        <Button size="sm" onClick={() => void add()} loading={form.pending} loadingText="Ajout…">
          Ajouter le token
        </Button>
      </div>
    </div>
  );
}
