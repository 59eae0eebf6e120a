import { twoFactorTexts } from '@nuage/shared/security-messages';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/toast';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useStartTwoFactor } from '../api/start-two-factor';
import { RecoveryCodes } from './recovery-codes';

/**
 * Enrolment: scan the QR code (or type the key) in an authenticator app, enter the code it shows,
 * then keep the recovery codes, shown this once.
 */
export function TwoFactorSetupModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const start = useStartTwoFactor();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const { mutate: begin } = start;

  // A new secret each time the dialog opens.
  useEffect(() => {
    if (open) begin();
  }, [open, begin]);

  const close = () => {
    start.reset();
    setCode('');
    setError(undefined);
    setCodes(null);
    onOpenChange(false);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{3}\s?\d{3}$/.test(code.trim())) {
      setError('Le code doit contenir exactement 6 chiffres');
      return;
    }
    setError(undefined);
    try {
      const result = await enable.mutateAsync(code.trim());
      setCodes(result.codes_de_secours);
      notify.success(twoFactorTexts.enabled);
    } catch {
      // The API client has shown why (a wrong code, most often).
    }
  };

  const setup = start.data;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title="Activer la double authentification"
      description="Chaque connexion demandera en plus un code de votre application d’authentification."
      footer={codes ? <Button onClick={close}>J’ai noté mes codes</Button> : undefined}
    >
      {codes ? (
        <RecoveryCodes codes={codes} />
      ) : !setup ? (
        <div className="flex justify-center p-6">
          <Spinner />
        </div>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Activer la 2FA">
          <ol className="list-decimal space-y-1 pl-5 text-sm">
            <li>Ouvrez votre application (Google Authenticator, Authy, FreeOTP…).</li>
            <li>Scannez ce QR code, ou saisissez la clé ci-dessous.</li>
            <li>Saisissez le code à 6 chiffres qu’elle affiche.</li>
          </ol>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
            alt="QR code à scanner avec votre application d’authentification"
            className="mx-auto size-48 rounded-lg bg-white p-2"
          />
          <p className="text-center text-sm">
            Clé :{' '}
            <code className="font-mono break-all" data-testid="totp-secret">
              {setup.secret}
            </code>
          </p>
          <FormField label="Code de l’application" error={error}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </FormField>
          <Button
            type="submit"
            className="w-full"
            loading={enable.isPending}
            loadingText="Vérification..."
          >
            Activer
          </Button>
        </form>
      )}
    </Modal>
  );
}
