import { mailTexts } from '@nuage/shared/messages/mail';
import { renderWords } from '../layout';

export function verificationCodeMail(opts: { to: string; prenom: string; code: string }) {
  return renderWords(mailTexts.verificationCode(opts.prenom), opts);
}
