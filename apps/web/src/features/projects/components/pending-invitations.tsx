import type { PendingInvitation } from '@nuage/shared/api-types';
import { roleLabels } from '@nuage/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { MailOpen } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useAcceptPendingInvitation } from '../api/accept-pending-invitation';
import { pendingInvitationsQueryOptions } from '../api/get-pending-invitations';

/** The signed-in user's own open invitations, each accepted in one click. */
export function PendingInvitations() {
  const { data: invitations = [] } = useQuery(pendingInvitationsQueryOptions());
  if (invitations.length === 0) return null;
  return (
    <Card className="mb-6" aria-labelledby="pending-invitations-title">
      <CardHeader
        title={<span id="pending-invitations-title">Invitations en attente</span>}
        description="Des projets vous attendent : acceptez pour les rejoindre."
      />
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {invitations.map((invitation) => (
          <PendingInvitationRow key={invitation.id} invitation={invitation} />
        ))}
      </ul>
    </Card>
  );
}

function PendingInvitationRow({ invitation }: { invitation: PendingInvitation }) {
  const acceptMutation = useAcceptPendingInvitation();
  const navigate = useNavigate();
  // Awaited: the row leaves the list as it reloads, and would take mutate callbacks with it.
  const accept = async () => {
    let result;
    try {
      result = await acceptMutation.mutateAsync(invitation.id);
    } catch {
      return; // the API client has shown the error toast
    }
    notify.success(result.message);
    navigate(`/projects/${result.projet_id}`);
  };
  return (
    <li className="flex flex-wrap items-center gap-3 px-5 py-3">
      <MailOpen className="size-5 shrink-0 text-blue-600" aria-hidden="true" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium">{invitation.project_name}</p>
        <p className="text-slate-500 dark:text-slate-400">
          Rôle : {roleLabels[invitation.role]}
          {invitation.invited_by && <> · invité par {invitation.invited_by}</>} · expire le{' '}
          {formatDate(invitation.expires_at)}
        </p>
      </div>
      <Button
        size="sm"
        onClick={accept}
        loading={acceptMutation.isPending}
        aria-label={`Accepter l'invitation au projet ${invitation.project_name}`}
      >
        Accepter
      </Button>
    </li>
  );
}
