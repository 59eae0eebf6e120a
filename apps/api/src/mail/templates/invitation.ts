import { roleLabels, type ProjectRole } from '@nuage/shared/roles';
import { PRODUCT_NAME } from '@nuage/shared/product';
import { renderMail } from '../layout';

export const INVITATION_TTL_DAYS = 7;

export function invitationMail(opts: {
  to: string;
  inviter: string;
  projectName: string;
  role: ProjectRole;
  url: string;
}) {
  return renderMail({
    to: opts.to,
    subject: `Invitation à rejoindre le projet « ${opts.projectName} » sur ${PRODUCT_NAME}`,
    greeting: 'Bonjour,',
    paragraphs: [
      `${opts.inviter} vous invite à rejoindre le projet « ${opts.projectName} » sur ${PRODUCT_NAME} avec le rôle ${roleLabels[opts.role]}.`,
      `Cette invitation est valable ${INVITATION_TTL_DAYS} jours et ne peut être utilisée qu'une seule fois. Si vous n'avez pas encore de compte, vous pourrez le créer en ouvrant le lien.`,
    ],
    action: { label: "Voir l'invitation", url: opts.url },
    footnote: "Si vous ne connaissez pas l'expéditeur, ignorez simplement ce message.",
  });
}
