import { mailTexts } from '@nuage/shared/messages/mail';
import type { ProjectRole } from '@nuage/shared/roles';
import { renderWords } from '../layout';

export function invitationMail(opts: {
  to: string;
  inviter: string;
  projectName: string;
  role: ProjectRole;
  url: string;
}) {
  return renderWords(mailTexts.invitation(opts), opts);
}
