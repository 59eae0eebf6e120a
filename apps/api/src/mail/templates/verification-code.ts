import { auth } from '@nuage/shared/limits';
import { PRODUCT_NAME } from '@nuage/shared/product';
import { renderMail } from '../layout';

export function verificationCodeMail(opts: { to: string; prenom: string; code: string }) {
  return renderMail({
    to: opts.to,
    subject: `Votre code de vérification ${PRODUCT_NAME}`,
    greeting: `Bonjour ${opts.prenom},`,
    paragraphs: [
      `Merci pour votre inscription sur ${PRODUCT_NAME}. Pour activer votre compte, saisissez le code ci-dessous sur la page de vérification.`,
      `Ce code est valable ${auth.verificationCodeTtlMinutes} minutes.`,
    ],
    code: opts.code,
    footnote: "Si vous n'êtes pas à l'origine de cette inscription, ignorez simplement ce message.",
  });
}
