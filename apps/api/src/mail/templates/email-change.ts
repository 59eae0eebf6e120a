import { mailTexts } from '@nuage/shared/messages/mail';
import { renderWords } from '../layout';

export function emailChangeMail(opts: { to: string; prenom: string; code: string }) {
  return renderWords(mailTexts.emailChange(opts.prenom), opts);
}
