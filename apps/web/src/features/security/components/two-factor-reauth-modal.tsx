import { twoFactorTexts } from '@nuage/shared/security-messages';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { notify } from '@/lib/toast';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { RecoveryCodes } from './recovery-codes';

/** Disabling two-factor, or new recovery codes: both need the password and a current code. */
export function TwoFactorReauthModal({
  mode,
  onClose,
}: {
  mode: 'disable' | 'recovery' | null;
  onClose(): void;
}) {
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [missing, setMissing] = useState(false);
  const pending = disable.isPending || regenerate.isPending;

  const close = () => {
    setPassword('');
    setCode('');
    setCodes(null);
    setMissing(false);
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || !code.trim()) return setMissing(true);
    const input = { mot_de_passe: password, code: code.trim() };
    try {
      if (mode === 'disable') {
        await disable.mutateAsync(input);
        notify.success(twoFactorTexts.disabled);
        close();
      } else {
        setCodes((await regenerate.mutateAsync(input)).codes_de_secours);
        notify.success(twoFactorTexts.recoveryRegenerated);
      }
    } catch {
      // The API client has shown why (wrong password or code).
    }
  };

  return (
    <Modal
      open={mode !== null}
      onOpenChange={(next) => !next && !pending && close()}
      title={
        mode === 'disable' ? 'Désactiver la double authentification' : 'Nouveaux codes de secours'
      }
      description="Confirmez avec votre mot de passe et un code de votre application (ou un code de secours)."
      footer={codes ? <Button onClick={close}>J’ai noté mes codes</Button> : undefined}
    >
      {codes ? (
        <RecoveryCodes codes={codes} />
      ) : (
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <FormField
            label="Mot de passe"
            error={missing && !password ? 'Le mot de passe est requis' : undefined}
          >
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </FormField>
          <FormField
            label="Code de vérification"
            error={missing && !code.trim() ? 'Le code est requis' : undefined}
          >
            <Input
              autoComplete="one-time-code"
              maxLength={9}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </FormField>
          <Button
            type="submit"
            variant={mode === 'disable' ? 'danger' : 'primary'}
            className="w-full"
            loading={pending}
            loadingText="Vérification..."
          >
            {mode === 'disable' ? 'Désactiver' : 'Générer de nouveaux codes'}
          </Button>
        </form>
      )}
    </Modal>
  );
}
