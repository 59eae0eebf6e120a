import { adminAccessTexts as texts, type AdminAccess } from '@nuage/shared/admin-access';
import { Copy, Eye, EyeOff, KeyRound, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { InfoList } from '@/components/ui/info-list';
import { Notice } from '@/components/ui/notice';
import { notify } from '@/lib/toast';
import { useRegenerateAdminPassword } from '../api/regenerate-admin-password';
import { useRevealAdminPassword } from '../api/reveal-admin-password';
import { ReauthModal } from '@/components/account/reauth-modal';

/**
 * How the customer logs into their application: its admin page, login and e-mail; the password
 * is revealed (or replaced) only after the account password, for developers and admins.
 */
export function AdminAccessCard({
  deploymentId,
  access,
  canManage,
}: {
  deploymentId: string;
  access: AdminAccess;
  canManage: boolean;
}) {
  const reveal = useRevealAdminPassword();
  const regenerate = useRegenerateAdminPassword();
  const [asking, setAsking] = useState<'reveal' | 'regenerate' | null>(null);
  const [password, setPassword] = useState<string | null>(null);

  const confirm = async (motDePasse: string) => {
    if (asking === 'reveal') {
      setPassword((await reveal.mutateAsync({ deploymentId, motDePasse })).mot_de_passe);
    } else {
      const { message } = await regenerate.mutateAsync({ deploymentId, motDePasse });
      setPassword(null);
      notify.success(message);
    }
    setAsking(null);
  };

  const copy = async () => {
    if (!password) return;
    await navigator.clipboard?.writeText(password).catch(() => undefined);
    notify.success(texts.copied);
  };

  const passwordValue = password ? (
    <span className="inline-flex flex-wrap items-center justify-end gap-2">
      <code
        data-testid="admin-password"
        className="rounded bg-slate-100 px-2 py-0.5 font-mono text-sm dark:bg-slate-800"
      >
        {password}
      </code>
      <Button size="sm" variant="ghost" onClick={() => void copy()} aria-label={texts.copy}>
        <Copy className="size-4" aria-hidden="true" />
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setPassword(null)} aria-label={texts.hide}>
        <EyeOff className="size-4" aria-hidden="true" />
      </Button>
    </span>
  ) : (
    <span aria-label="Mot de passe masqué">••••••••••••</span>
  );

  return (
    <Card role="region" aria-labelledby="admin-access-title">
      <CardHeader
        title={
          <span id="admin-access-title" className="inline-flex items-center gap-2">
            <KeyRound className="size-4 text-blue-600 dark:text-blue-400" aria-hidden="true" />
            {texts.title}
          </span>
        }
      />
      <CardBody className="space-y-3 py-2">
        <InfoList
          items={[
            {
              label: texts.loginUrl,
              value: access.url_connexion ? (
                <a
                  href={access.url_connexion}
                  target="_blank"
                  rel="noreferrer"
                  className="text-blue-600 hover:underline dark:text-blue-400"
                >
                  {access.url_connexion}
                </a>
              ) : (
                <span className="font-normal text-slate-500 dark:text-slate-400">
                  {texts.noAddress}
                </span>
              ),
            },
            ...(access.identifiant ? [{ label: texts.login, value: access.identifiant }] : []),
            ...(access.email ? [{ label: texts.email, value: access.email }] : []),
            ...(access.mot_de_passe_gere ? [{ label: texts.password, value: passwordValue }] : []),
          ]}
        />
        {!access.mot_de_passe_gere && <Notice>{texts.notManaged}</Notice>}
        {access.mot_de_passe_gere && canManage && (
          <div className="flex flex-wrap gap-2 pb-2">
            {!password && (
              <Button size="sm" variant="outline" onClick={() => setAsking('reveal')}>
                <Eye className="size-4" aria-hidden="true" /> {texts.reveal}
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={() => setAsking('regenerate')}>
              <RefreshCw className="size-4" aria-hidden="true" /> {texts.regenerate}
            </Button>
          </div>
        )}
      </CardBody>
      <ReauthModal
        open={asking !== null}
        title={asking === 'regenerate' ? 'Régénérer le mot de passe administrateur' : texts.reveal}
        notice={
          asking === 'regenerate' ? <Notice tone="warning">{texts.regenerateConfirm}</Notice> : null
        }
        confirmLabel={asking === 'regenerate' ? texts.regenerate : texts.reveal}
        pending={reveal.isPending || regenerate.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      />
    </Card>
  );
}
