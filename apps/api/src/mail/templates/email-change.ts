import { auth } from '@nuage/shared/limits';
import { PRODUCT_NAME } from '@nuage/shared/product';
import { renderMail } from '../layout';

export function emailChangeMail(opts: { to: string; prenom: string; code: string }) {
  return renderMail({
    to: opts.to,
    subject: `Confirmez votre nouvelle adresse email ${PRODUCT_NAME}`,
    greeting: `Bonjour ${opts.prenom},`,
    paragraphs: [
      `Vous avez demandé à utiliser cette adresse pour vous connecter à ${PRODUCT_NAME}. Saisissez le code ci-dessous dans votre profil pour confirmer le changement.`,
      `Ce code est valable ${auth.verificationCodeTtlMinutes} minutes. Tant qu'il n'est pas saisi, votre ancienne adresse reste celle de votre compte.`,
    ],
    code: opts.code,
    footnote:
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : rien ne changera.",
  });
}
