import { success } from '@nuage/shared/messages';
import { KeyRound, MonitorSmartphone, ShieldCheck, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { notify } from '@/lib/toast';
import { useRequestPasswordChange } from '../api/request-password-change';
import { TwoFactorReauthModal } from './two-factor-reauth-modal';
import { TwoFactorSetupModal } from './two-factor-setup-modal';

/** Password change by e-mailed link, two-factor authentication, and the way to the sessions. */
export function SecurityCard({ email, twoFactor }: { email: string; twoFactor: boolean }) {
  const [setupOpen, setSetupOpen] = useState(false);
  const [reauth, setReauth] = useState<'disable' | 'recovery' | null>(null);
  const passwordMutation = useRequestPasswordChange();
  const sendLink = () =>
    passwordMutation.mutate(
      { email },
      { onSuccess: () => notify.success(success.passwordLinkSent) },
    );

  return (
    <Card>
      <CardHeader title="Sécurité" description="Protégez l’accès à votre compte." />
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        <SecurityRow
          icon={KeyRound}
          title="Mot de passe"
          description="Recevez par email un lien pour choisir un nouveau mot de passe."
        >
          <Button
            variant="outline"
            size="sm"
            onClick={sendLink}
            loading={passwordMutation.isPending}
            loadingText="Envoi..."
          >
            Changer le mot de passe
          </Button>
        </SecurityRow>
        <SecurityRow
          icon={ShieldCheck}
          title={
            <span className="flex flex-wrap items-center gap-2">
              Authentification à deux facteurs
              {twoFactor ? <Badge tone="green">Activée</Badge> : <Badge>Désactivée</Badge>}
            </span>
          }
          description={
            twoFactor
              ? 'Chaque connexion demande un code de votre application d’authentification.'
              : 'Ajoutez une vérification supplémentaire à chaque connexion.'
          }
        >
          {twoFactor ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => setReauth('recovery')}>
                Codes de secours
              </Button>
              <Button variant="outline" size="sm" onClick={() => setReauth('disable')}>
                Désactiver
              </Button>
            </div>
          ) : (
            <Button variant="outline" size="sm" onClick={() => setSetupOpen(true)}>
              Activer la 2FA
            </Button>
          )}
        </SecurityRow>
        <SecurityRow
          icon={MonitorSmartphone}
          title="Sessions actives"
          description="Consultez les appareils connectés à votre compte."
        >
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              document.getElementById('sessions')?.scrollIntoView({ behavior: 'smooth' })
            }
          >
            Voir les sessions
          </Button>
        </SecurityRow>
      </ul>
      <TwoFactorSetupModal open={setupOpen} onOpenChange={setSetupOpen} />
      <TwoFactorReauthModal mode={reauth} onClose={() => setReauth(null)} />
    </Card>
  );
}

function SecurityRow({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: ReactNode;
  description: string;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 px-5 py-4">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 basis-48">
        <div className="text-sm font-medium">{title}</div>
        <p className="text-sm text-slate-500 dark:text-slate-400">{description}</p>
      </div>
      {/* Under the text on narrow screens, beside it otherwise. */}
      <div className="w-full pl-12 sm:w-auto sm:pl-0">{children}</div>
    </li>
  );
}
