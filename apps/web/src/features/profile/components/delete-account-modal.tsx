import { auth } from '@nuage/shared/limits';
import { success, validation } from '@nuage/shared/messages';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { Notice } from '@/components/ui/notice';
import { useAuth } from '@/lib/auth';
import { notify } from '@/lib/toast';
import { useDeleteAccount } from '../api/delete-account';

const FORM_ID = 'delete-account-form';

/** SPEC §4: deletion needs the word SUPPRIMER; then the session ends and /login follows. */
export function DeleteAccountModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const [typed, setTyped] = useState('');
  const [touched, setTouched] = useState(false);
  const deleteMutation = useDeleteAccount();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const confirmed = typed === auth.deleteConfirmWord;

  const close = (next: boolean) => {
    if (deleteMutation.isPending) return;
    if (!next) {
      setTyped('');
      setTouched(false);
    }
    onOpenChange(next);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!confirmed) return;
    try {
      await deleteMutation.mutateAsync();
    } catch {
      return; // the API client has shown the error toast
    }
    // The server ended every session of the account and cleared the cookie.
    await signOut({ ended: true });
    notify.success(success.accountDeleted);
    navigate('/login', { replace: true });
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Supprimer mon compte"
      description="Cette action est irréversible."
      footer={
        <>
          <Button
            variant="outline"
            onClick={() => close(false)}
            disabled={deleteMutation.isPending}
          >
            Annuler
          </Button>
          <Button
            type="submit"
            form={FORM_ID}
            variant="danger"
            disabled={!confirmed}
            loading={deleteMutation.isPending}
            loadingText="Suppression..."
          >
            Supprimer définitivement
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={onSubmit} noValidate className="space-y-4">
        <Notice tone="error">
          Votre compte, votre dossier client et les données qui vous appartiennent seront
          définitivement supprimés. Vous serez déconnecté.
        </Notice>
        <FormField
          label={
            <>
              Pour confirmer, saisissez <strong>{auth.deleteConfirmWord}</strong>
            </>
          }
          error={touched && !confirmed ? validation.deleteConfirm : undefined}
        >
          <Input
            // The dialog's first stop is the word to type, not its close button.
            autoFocus
            value={typed}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(e) => {
              setTyped(e.target.value);
              setTouched(true);
            }}
          />
        </FormField>
      </form>
    </Modal>
  );
}
