import { auth } from '@nuage/shared/limits';
import { PRODUCT_NAME } from '@nuage/shared/product';
import { renderMail } from '../layout';

export function passwordResetMail(opts: { to: string; prenom: string; url: string }) {
  return renderMail({
    to: opts.to,
    subject: `Réinitialisation de votre mot de passe ${PRODUCT_NAME}`,
    greeting: `Bonjour ${opts.prenom},`,
    paragraphs: [
      'Vous avez demandé à réinitialiser votre mot de passe. Cliquez sur le lien ci-dessous pour en choisir un nouveau.',
      `Ce lien est valable ${auth.resetLinkTtlMinutes} minutes et ne peut être utilisé qu'une seule fois. Toutes vos sessions ouvertes seront fermées et vos jetons d'API révoqués (recréez ceux de vos intégrations).`,
    ],
    action: { label: 'Choisir un nouveau mot de passe', url: opts.url },
    footnote:
      "Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.",
  });
}
