import type { ActiveSession } from '@nuage/shared/session-types';
import { sessionTexts } from '@nuage/shared/security-messages';
import { useQuery } from '@tanstack/react-query';
import { Monitor } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { CardQueryBody } from '@/components/ui/card-query-body';
import { useAuth } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { sessionsQueryOptions } from '../api/get-sessions';

/** 'Sessions actives': every signed-in browser or client, each can be ended (SPEC §2 profile). */
export function SessionsCard() {
  const query = useQuery(sessionsQueryOptions());
  const endOthers = useEndOtherSessions();
  const others = (query.data ?? []).filter((s) => !s.session_courante).length;
  return (
    <Card id="sessions">
      <CardHeader
        title="Sessions actives"
        description="Les navigateurs et appareils connectés à votre compte."
        actions={
          others > 0 ? (
            <Button
              variant="outline"
              size="sm"
              loading={endOthers.isPending}
              loadingText="Déconnexion..."
              onClick={() =>
                endOthers.mutate(undefined, {
                  onSuccess: () => notify.success(sessionTexts.othersEnded),
                })
              }
            >
              Déconnecter les autres sessions
            </Button>
          ) : undefined
        }
      />
      <CardQueryBody query={query} errorMessage="Erreur lors du chargement des sessions">
        {(sessions) => (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Sessions">
            {sessions.map((s) => (
              <SessionRow key={s.id} session={s} />
            ))}
          </ul>
        )}
      </CardQueryBody>
    </Card>
  );
}

function SessionRow({ session }: { session: ActiveSession }) {
  const end = useEndSession();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const onEnd = () =>
    end.mutate(session.id, {
      onSuccess: () => {
        notify.success(sessionTexts.ended);
        // Ending this browser's own session is a logout.
        if (session.session_courante) void signOut({ ended: true }).then(() => navigate('/login'));
      },
    });
  return (
    <li className="flex flex-wrap items-center gap-3 px-5 py-4" data-testid="session-row">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        <Monitor className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 basis-48 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {session.appareil}
          {session.session_courante && <Badge tone="green">Cette session</Badge>}
        </p>
        <p className="text-slate-500 dark:text-slate-400">
          {session.adresse_ip ?? 'Adresse inconnue'} · dernière activité{' '}
          {formatDateTime(session.derniere_activite)}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Connectée le {formatDateTime(session.date_creation)}
        </p>
      </div>
      <div className="w-full pl-12 sm:w-auto sm:pl-0">
        <Button
          variant="outline"
          size="sm"
          loading={end.isPending}
          loadingText="Déconnexion..."
          onClick={onEnd}
          aria-label={`Déconnecter la session ${session.appareil}${session.session_courante ? ' (cette session)' : ''}`}
        >
          Déconnecter
        </Button>
      </div>
    </li>
  );
}
