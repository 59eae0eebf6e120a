import { mailTexts } from '@nuage/shared/messages/mail';
import { renderWords } from '../layout';

export function passwordResetMail(opts: { to: string; prenom: string; url: string }) {
  return renderWords(mailTexts.passwordReset(opts.prenom), opts);
}
