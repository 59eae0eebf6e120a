import { databasePageTexts as t } from '@nuage/shared/messages/databases';
import type {
  DatabaseCredentials,
  DatabaseResource,
} from '@nuage/shared/schemas/responses/databases';
import { Eye, EyeOff, KeyRound, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { ReauthModal } from '@/components/account/reauth-modal';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { InfoList } from '@/components/ui/info-list';
import { Notice } from '@/components/ui/notice';
import { notify } from '@/lib/toast';
import { useRegenerateDatabasePassword, useRevealDatabaseCredentials } from '../api/credentials';

const code = 'rounded bg-slate-100 px-2 py-0.5 font-mono text-sm break-all dark:bg-slate-800';

/**
 * How an application connects: internal host, port, user, database and the connection string
 * (password masked); administrators reveal or regenerate the password after their account's.
 */
export function ConnectionCard({
  database: d,
  canReveal,
}: {
  database: DatabaseResource;
  canReveal: boolean;
}) {
  const reveal = useRevealDatabaseCredentials();
  const regenerate = useRegenerateDatabasePassword();
  const [asking, setAsking] = useState<'reveal' | 'regenerate' | null>(null);
  const [revealed, setRevealed] = useState<DatabaseCredentials | null>(null);

  const confirm = async (motDePasse: string) => {
    if (asking === 'reveal') {
      setRevealed(await reveal.mutateAsync({ id: d.id, motDePasse }));
    } else {
      const { message } = await regenerate.mutateAsync({ id: d.id, motDePasse });
      setRevealed(null);
      notify.success(message);
    }
    setAsking(null);
  };

  const connection = revealed?.chaine_connexion ?? d.chaine_connexion;
  return (
    <Card role="region" aria-labelledby="connection-title">
      <CardHeader
        title={
          <span id="connection-title" className="inline-flex items-center gap-2">
            <KeyRound className="size-4 text-blue-600 dark:text-blue-400" aria-hidden="true" />
            {t.connection}
          </span>
        }
        description={t.internalOnly}
      />
      <CardBody className="space-y-3 py-2">
        <InfoList
          items={[
            { label: t.host, value: <code className={code}>{d.hote}</code> },
            { label: t.port, value: String(d.port) },
            ...(d.utilisateur ? [{ label: t.user, value: d.utilisateur }] : []),
            ...(d.base ? [{ label: t.database, value: d.base }] : []),
            {
              label: t.password,
              value: revealed ? (
                <span className="inline-flex flex-wrap items-center justify-end gap-2">
                  <code data-testid="database-password" className={code}>
                    {revealed.mot_de_passe}
                  </code>
                  <CopyButton value={revealed.mot_de_passe} label={t.copy} />
                </span>
              ) : (
                <span aria-label={t.revealHidden}>••••••••••••</span>
              ),
            },
          ]}
        />
        <div className="space-y-1">
          <p className="text-sm font-medium">{t.connectionString}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code data-testid="connection-string" className={code}>
              {connection}
            </code>
            {revealed && <CopyButton value={connection} label={t.copy} />}
          </div>
        </div>
        {canReveal && (
          <div className="flex flex-wrap gap-2 pb-2">
            {revealed ? (
              <Button size="sm" variant="outline" onClick={() => setRevealed(null)}>
                <EyeOff className="size-4" aria-hidden="true" /> {t.hide}
              </Button>
            ) : (
              <Button size="sm" variant="outline" onClick={() => setAsking('reveal')}>
                <Eye className="size-4" aria-hidden="true" /> {t.reveal}
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={() => setAsking('regenerate')}>
              <RefreshCw className="size-4" aria-hidden="true" /> {t.regenerate}
            </Button>
          </div>
        )}
      </CardBody>
      <ReauthModal
        open={asking !== null}
        title={asking === 'regenerate' ? t.regenerateTitle : t.revealTitle}
        notice={asking === 'regenerate' ? <Notice tone="warning">{t.regenerateHelp}</Notice> : null}
        confirmLabel={asking === 'regenerate' ? t.regenerate : t.reveal}
        pending={reveal.isPending || regenerate.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      />
    </Card>
  );
}
