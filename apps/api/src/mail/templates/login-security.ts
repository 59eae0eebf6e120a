import { auth } from '@nuage/shared/limits';
import { PRODUCT_NAME } from '@nuage/shared/product';
import { renderMail } from '../layout';

/** The code a login needs after repeated failures on the account (mailed to its owner). */
export function loginCodeMail(opts: { to: string; prenom: string; code: string; address: string }) {
  return renderMail({
    to: opts.to,
    subject: `Votre code de connexion ${PRODUCT_NAME}`,
    greeting: `Bonjour ${opts.prenom},`,
    paragraphs: [
      `Plusieurs tentatives de connexion ont échoué récemment sur votre compte. Pour vous connecter (depuis l'adresse ${opts.address}), saisissez le code ci-dessous après votre mot de passe.`,
      `Ce code est valable ${auth.loginChallengeTtlMinutes} minutes.`,
    ],
    code: opts.code,
    footnote:
      "Si vous n'êtes pas en train de vous connecter, quelqu'un connaît peut-être votre mot de passe : changez-le depuis « Mot de passe oublié ».",
  });
}

/** Tells the owner that someone is failing to log into their account. */
export function loginAlertMail(opts: {
  to: string;
  prenom: string;
  failures: number;
  resetUrl: string;
}) {
  return renderMail({
    to: opts.to,
    subject: `Tentatives de connexion sur votre compte ${PRODUCT_NAME}`,
    greeting: `Bonjour ${opts.prenom},`,
    paragraphs: [
      `${opts.failures} tentatives de connexion avec un mot de passe erroné ont visé votre compte ces ${auth.loginFailureWindowMinutes} dernières minutes.`,
      'Votre compte reste accessible : pendant quelque temps, une connexion demandera en plus un code envoyé à cette adresse email.',
      "Si ce n'était pas vous, choisissez un nouveau mot de passe et activez l'authentification à deux facteurs depuis votre profil.",
    ],
    action: { label: 'Choisir un nouveau mot de passe', url: opts.resetUrl },
  });
}

/** Registration with an address that already has an account: the owner is told, not the caller. */
export function registrationExistsMail(opts: { to: string; prenom: string; loginUrl: string }) {
  return renderMail({
    to: opts.to,
    subject: `Tentative d'inscription avec votre adresse ${PRODUCT_NAME}`,
    greeting: `Bonjour ${opts.prenom},`,
    paragraphs: [
      `Quelqu'un (peut-être vous) vient de demander la création d'un compte ${PRODUCT_NAME} avec cette adresse email. Vous avez déjà un compte : aucun nouveau compte n'a été créé.`,
      'Si vous avez oublié votre mot de passe, utilisez « Mot de passe oublié » sur la page de connexion.',
    ],
    action: { label: 'Se connecter', url: opts.loginUrl },
    footnote: "Si ce n'était pas vous, ignorez ce message : votre compte n'a pas été modifié.",
  });
}
