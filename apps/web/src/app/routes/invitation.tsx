import type { AcceptInvitationResult, InvitationInfo } from '@nuage/shared/api-types';
import { projectSuccess } from '@nuage/shared/messages';
import type { InvitationAccountForm } from '@nuage/shared/schemas/invitations';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useAcceptInvitation } from '@/features/invitations/api/accept-invitation';
import { invitationQueryOptions, isDeadLink } from '@/features/invitations/api/get-invitation';
import { AccountForm } from '@/features/invitations/components/account-form';
import { InvitationDetails } from '@/features/invitations/components/invitation-details';
import { InvitationError } from '@/features/invitations/components/invitation-error';
import { InvitationLayout } from '@/features/invitations/components/invitation-layout';
import { JoinProject } from '@/features/invitations/components/join-project';
import { useAuth } from '@/lib/auth';
import { notify } from '@/lib/toast';

/** Public page of an e-mailed invitation link (SPEC §2, §4). */
export default function InvitationRoute() {
  const { token = '' } = useParams();
  const query = useQuery(invitationQueryOptions(token));
  const acceptMutation = useAcceptInvitation();
  const { user, signIn } = useAuth();
  const navigate = useNavigate();

  /** Where accepting leads: the project when its new member is the one signed in here. */
  const finish = async (result: AcceptInvitationResult, invitation: InvitationInfo) => {
    // SPEC §4: the account the invitation created is signed in at once.
    if (result.access_token) await signIn();
    const inviteeSignedIn =
      Boolean(result.access_token) || user?.email.toLowerCase() === invitation.email.toLowerCase();
    if (inviteeSignedIn) {
      notify.success(result.message);
      navigate(`/projects/${result.projet_id}`, { replace: true });
    } else if (user) {
      // The invited account joined, but another one is signed in here.
      notify.success(result.message);
      navigate('/projects', { replace: true });
    } else {
      navigate('/login', {
        replace: true,
        state: {
          message: `${result.message} ${projectSuccess.invitationLoginPrompt}`,
          email: invitation.email,
        },
      });
    }
  };

  const createAccount = async (invitation: InvitationInfo, values: InvitationAccountForm) => {
    const result = await acceptMutation.mutateAsync({
      token_invitation: token,
      prenom: values.prenom,
      nom: values.nom,
      mot_de_passe: values.password,
    });
    await finish(result, invitation);
  };

  const join = (invitation: InvitationInfo) =>
    acceptMutation.mutate(
      { token_invitation: token },
      { onSuccess: (result) => finish(result, invitation) },
    );

  return (
    <InvitationLayout>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        {query.isPending ? (
          <PageSpinner />
        ) : query.isError ? (
          <InvitationError
            deadLink={isDeadLink(query.error)}
            message={query.error.message}
            onRetry={() => query.refetch()}
          />
        ) : (
          <div className="space-y-6">
            <div>
              <h1 className="text-2xl font-bold tracking-tight">
                Invitation à rejoindre un projet
              </h1>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                Vous êtes invité à rejoindre le projet <strong>{query.data.project_name}</strong>.
              </p>
            </div>
            <InvitationDetails invitation={query.data} />
            {query.data.user_exists ? (
              <JoinProject
                email={query.data.email}
                signedInAs={user?.email ?? null}
                pending={acceptMutation.isPending}
                onAccept={() => join(query.data)}
              />
            ) : (
              <div className="space-y-4">
                <div>
                  <h2 className="text-base font-semibold">Créez votre compte</h2>
                  <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
                    Aucun compte n'existe encore pour {query.data.email}. Il sera créé et vous
                    rejoindrez le projet aussitôt.
                  </p>
                </div>
                <AccountForm
                  email={query.data.email}
                  onSubmit={(values) => createAccount(query.data, values)}
                />
              </div>
            )}
          </div>
        )}
      </div>
    </InvitationLayout>
  );
}
