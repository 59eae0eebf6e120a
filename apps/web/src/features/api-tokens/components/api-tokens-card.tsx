import type { ApiToken } from '@nuage/shared/schemas/api-tokens';
import { apiTokenTexts } from '@nuage/shared/security-messages';
import { useQuery } from '@tanstack/react-query';
import { KeySquare } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { CardQueryBody } from '@/components/ui/card-query-body';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatDate, formatDateTime } from '@/lib/format';
import { notify } from '@/lib/toast';
import { apiTokensQueryOptions } from '../api/get-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { CreateApiTokenModal } from './create-api-token-modal';

/** Personal API tokens: for scripts and CI (documented on the OpenAPI page). */
export function ApiTokensCard() {
  const query = useQuery(apiTokensQueryOptions());
  const [creating, setCreating] = useState(false);
  return (
    <Card id="jetons">
      <CardHeader
        title="Jetons d’API"
        description={
          <>
            Pour vos scripts et votre intégration continue : en-tête{' '}
            <code className="font-mono text-xs">Authorization: Bearer ndp_…</code> (voir la{' '}
            <a className="text-blue-600 hover:underline dark:text-blue-400" href="/api/v1/docs">
              documentation de l’API
            </a>
            ).
          </>
        }
        actions={
          <Button size="sm" onClick={() => setCreating(true)}>
            Nouveau jeton
          </Button>
        }
      />
      <CardQueryBody query={query} errorMessage="Erreur lors du chargement des jetons">
        {(tokens) =>
          tokens.length === 0 ? (
            <p className="px-5 py-4 text-sm text-slate-500 dark:text-slate-400">
              Aucun jeton pour le moment.
            </p>
          ) : (
            <ul
              className="divide-y divide-slate-200 dark:divide-slate-800"
              aria-label="Jetons d’API"
            >
              {tokens.map((token) => (
                <TokenRow key={token.id} token={token} />
              ))}
            </ul>
          )
        }
      </CardQueryBody>
      <CreateApiTokenModal open={creating} onOpenChange={setCreating} />
    </Card>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const revoke = useRevokeApiToken();
  const [confirming, setConfirming] = useState(false);
  const [shownAt] = useState(Date.now);
  const expired = Date.parse(token.expire_le) <= shownAt;
  return (
    <li className="flex flex-wrap items-center gap-3 px-5 py-4" data-testid="api-token-row">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        <KeySquare className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 basis-48 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {token.nom}
          <Badge tone={token.portee === 'lecture' ? 'blue' : 'yellow'}>
            {token.portee === 'lecture' ? 'Lecture seule' : 'Accès complet'}
          </Badge>
          {expired && <Badge tone="red">Expiré</Badge>}
        </p>
        <p className="font-mono text-xs text-slate-500 dark:text-slate-400">{token.apercu}</p>
        <p className="text-slate-500 dark:text-slate-400">
          {token.projet_nom ? `Projet « ${token.projet_nom} »` : 'Tous vos projets'} · expire le{' '}
          {formatDate(token.expire_le)} ·{' '}
          {token.derniere_utilisation
            ? `utilisé le ${formatDateTime(token.derniere_utilisation)}`
            : 'jamais utilisé'}
        </p>
      </div>
      <div className="w-full pl-12 sm:w-auto sm:pl-0">
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
          Révoquer
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Révoquer le jeton « ${token.nom} » ?`}
        confirmLabel="Révoquer"
        pending={revoke.isPending}
        pendingLabel="Révocation..."
        onConfirm={() =>
          revoke.mutate(token.id, {
            onSuccess: () => {
              setConfirming(false);
              notify.success(apiTokenTexts.revoked);
            },
          })
        }
      >
        Les scripts qui l’utilisent perdront l’accès immédiatement.
      </ConfirmDialog>
    </li>
  );
}
