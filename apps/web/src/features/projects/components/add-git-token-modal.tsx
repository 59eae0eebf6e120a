import { ModalFormActions } from '@/components/ui/modal-form-actions';
import { GitTokenFields } from '@/components/git-token/git-token-fields';
import { useGitTokenForm } from '@/components/git-token/use-git-token-form';
import { Modal } from '@/components/ui/modal';
import { Notice } from '@/components/ui/notice';

const FORM_ID = 'add-git-token-form';

/**
 * « Ajouter un token »: a name and the token (a password field). Once saved the value is never
 * shown again, by this screen or the API. Mounted only while open: each opening starts empty.
 */
export function AddGitTokenModal({
  projectId,
  onOpenChange,
}: {
  projectId: string;
  onOpenChange(open: boolean): void;
}) {
  const form = useGitTokenForm(projectId);
  const close = (next: boolean) => !form.pending && onOpenChange(next);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (await form.submit()) onOpenChange(false);
  };

  return (
    <Modal
      open
      onOpenChange={close}
      title="Ajouter un token Git"
      description="Pour construire les applications dont le dépôt est privé."
      footer={
        <ModalFormActions
          formId={FORM_ID}
          submitLabel="Ajouter le token"
          submittingLabel="Ajout…"
          submitting={form.pending}
          onCancel={() => close(false)}
        />
      }
    >
      <form id={FORM_ID} onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        {form.errors.form && <Notice tone="error">{form.errors.form}</Notice>}
        <GitTokenFields form={form} />
      </form>
    </Modal>
  );
}
