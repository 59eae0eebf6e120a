import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';

/** The invitee has an account: they are added as they accept, no form needed. */
export function JoinProject({
  email,
  signedInAs,
  pending,
  onAccept,
}: {
  email: string;
  /** The e-mail of the signed-in user, if any. */
  signedInAs: string | null;
  pending: boolean;
  onAccept(): void;
}) {
  const otherAccount = signedInAs !== null && signedInAs.toLowerCase() !== email.toLowerCase();
  return (
    <div className="space-y-4">
      <Notice tone="info" title="Vous avez déjà un compte">
        Le compte {email} sera ajouté automatiquement au projet dès que vous aurez accepté
        l'invitation.
      </Notice>
      {otherAccount && (
        <Notice tone="warning">
          Vous êtes connecté en tant que {signedInAs} : c'est le compte {email} qui rejoindra le
          projet.
        </Notice>
      )}
      <Button className="w-full" onClick={onAccept} loading={pending} loadingText="Acceptation...">
        Accepter l'invitation
      </Button>
    </div>
  );
}
