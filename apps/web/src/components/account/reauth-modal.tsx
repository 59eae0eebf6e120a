import { adminAccessTexts as texts } from '@nuage/shared/admin-access';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { ApiError } from '@/lib/api-client';

/**
 * Asks the account password before a sensitive action on an application (reveal, regenerate);
 * the server's refusal (wrong password, too many tries) stays in the dialog.
 */
export function ReauthModal({
  open,
  title,
  notice,
  confirmLabel,
  pending,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  notice?: ReactNode;
  confirmLabel: string;
  pending: boolean;
  onConfirm(password: string): Promise<void>;
  onClose(): void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(texts.accountPasswordRequired);
    try {
      await onConfirm(password);
      setPassword('');
      setError(null);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : texts.wrongPassword);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !pending && close()}
      title={title}
      description={texts.reauthHint}
    >
      <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        {notice}
        <FormField label={texts.accountPassword} error={error ?? undefined}>
          <Input
            type="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close} disabled={pending}>
            Annuler
          </Button>
          <Button type="submit" loading={pending} loadingText="Vérification…">
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
