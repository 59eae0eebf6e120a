import { auth } from '../limits';
import { PRODUCT_NAME } from '../product';
import { roleLabels, type ProjectRole } from '../roles';

/** The words of one mail; apps/api/src/mail/layout.ts lays them out as text and HTML. */
export interface MailWords {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** The label of the mail's one link, when it has one. */
  actionLabel?: string;
  footnote?: string;
}

const hello = (prenom: string) => `Bonjour ${prenom},`;

/** What every mail's layout writes around the words. */
export const mailLayoutTexts = {
  code: (code: string) => `Votre code : ${code}`,
  linkFallback: 'Si le bouton ne fonctionne pas, copiez ce lien :',
  signature: `L'équipe ${PRODUCT_NAME}`,
} as const;

export const INVITATION_TTL_DAYS = 7;

export const mailTexts = {
  verificationCode: (prenom: string): MailWords => ({
    subject: `Votre code de vérification ${PRODUCT_NAME}`,
    greeting: hello(prenom),
    paragraphs: [
      `Merci pour votre inscription sur ${PRODUCT_NAME}. Pour activer votre compte, saisissez le code ci-dessous sur la page de vérification.`,
      `Ce code est valable ${auth.verificationCodeTtlMinutes} minutes.`,
    ],
    footnote: "Si vous n'êtes pas à l'origine de cette inscription, ignorez simplement ce message.",
  }),
  passwordReset: (prenom: string): MailWords => ({
    subject: `Réinitialisation de votre mot de passe ${PRODUCT_NAME}`,
    greeting: hello(prenom),
    paragraphs: [
      'Vous avez demandé à réinitialiser votre mot de passe. Cliquez sur le lien ci-dessous pour en choisir un nouveau.',
      `Ce lien est valable ${auth.resetLinkTtlMinutes} minutes et ne peut être utilisé qu'une seule fois. Toutes vos sessions ouvertes seront fermées et vos jetons d'API révoqués (recréez ceux de vos intégrations).`,
    ],
    actionLabel: 'Choisir un nouveau mot de passe',
    footnote:
      "Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.",
  }),
  emailChange: (prenom: string): MailWords => ({
    subject: `Confirmez votre nouvelle adresse email ${PRODUCT_NAME}`,
    greeting: hello(prenom),
    paragraphs: [
      `Vous avez demandé à utiliser cette adresse pour vous connecter à ${PRODUCT_NAME}. Saisissez le code ci-dessous dans votre profil pour confirmer le changement.`,
      `Ce code est valable ${auth.verificationCodeTtlMinutes} minutes. Tant qu'il n'est pas saisi, votre ancienne adresse reste celle de votre compte.`,
    ],
    footnote:
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : rien ne changera.",
  }),
  invitation: (opts: { inviter: string; projectName: string; role: ProjectRole }): MailWords => ({
    subject: `Invitation à rejoindre le projet « ${opts.projectName} » sur ${PRODUCT_NAME}`,
    greeting: 'Bonjour,',
    paragraphs: [
      `${opts.inviter} vous invite à rejoindre le projet « ${opts.projectName} » sur ${PRODUCT_NAME} avec le rôle ${roleLabels[opts.role]}.`,
      `Cette invitation est valable ${INVITATION_TTL_DAYS} jours et ne peut être utilisée qu'une seule fois. Si vous n'avez pas encore de compte, vous pourrez le créer en ouvrant le lien.`,
    ],
    actionLabel: "Voir l'invitation",
    footnote: "Si vous ne connaissez pas l'expéditeur, ignorez simplement ce message.",
  }),
  loginCode: (prenom: string, address: string): MailWords => ({
    subject: `Votre code de connexion ${PRODUCT_NAME}`,
    greeting: hello(prenom),
    paragraphs: [
      `Plusieurs tentatives de connexion ont échoué récemment sur votre compte. Pour vous connecter (depuis l'adresse ${address}), saisissez le code ci-dessous après votre mot de passe.`,
      `Ce code est valable ${auth.loginChallengeTtlMinutes} minutes.`,
    ],
    footnote:
      "Si vous n'êtes pas en train de vous connecter, quelqu'un connaît peut-être votre mot de passe : changez-le depuis « Mot de passe oublié ».",
  }),
  loginAlert: (prenom: string, failures: number): MailWords => ({
    subject: `Tentatives de connexion sur votre compte ${PRODUCT_NAME}`,
    greeting: hello(prenom),
    paragraphs: [
      `${failures} tentatives de connexion avec un mot de passe erroné ont visé votre compte ces ${auth.loginFailureWindowMinutes} dernières minutes.`,
      'Votre compte reste accessible : pendant quelque temps, une connexion demandera en plus un code envoyé à cette adresse email.',
      "Si ce n'était pas vous, choisissez un nouveau mot de passe et activez l'authentification à deux facteurs depuis votre profil.",
    ],
    actionLabel: 'Choisir un nouveau mot de passe',
  }),
  /** A session opened from a device the account never used (issue 27). */
  newDevice: (prenom: string, device: string, address: string, when: string): MailWords => ({
    subject: `Nouvelle connexion à votre compte ${PRODUCT_NAME}`,
    greeting: hello(prenom),
    paragraphs: [
      `Une connexion à votre compte vient d'avoir lieu depuis un appareil que vous n'aviez pas encore utilisé : ${device}, adresse ${address}, le ${when}.`,
      "Si c'était vous, il n'y a rien à faire. Sinon, fermez cette session dans « Sessions actives » de votre profil, choisissez un nouveau mot de passe et activez l'authentification à deux facteurs.",
    ],
    actionLabel: 'Voir mes sessions',
  }),
  registrationExists: (prenom: string): MailWords => ({
    subject: `Tentative d'inscription avec votre adresse ${PRODUCT_NAME}`,
    greeting: hello(prenom),
    paragraphs: [
      `Quelqu'un (peut-être vous) vient de demander la création d'un compte ${PRODUCT_NAME} avec cette adresse email. Vous avez déjà un compte : aucun nouveau compte n'a été créé.`,
      'Si vous avez oublié votre mot de passe, utilisez « Mot de passe oublié » sur la page de connexion.',
    ],
    actionLabel: 'Se connecter',
    footnote: "Si ce n'était pas vous, ignorez ce message : votre compte n'a pas été modifié.",
  }),
  backupFailure: (opts: {
    what: 'sauvegarde' | 'restauration' | 'restauration de test';
    applicationName: string;
    projectName: string;
    reason: string;
    localCopyKept: boolean;
  }): MailWords => ({
    subject: `Échec de la ${opts.what} de « ${opts.applicationName} » (${opts.projectName})`,
    greeting: 'Bonjour,',
    paragraphs: [
      `La ${opts.what} de l'application « ${opts.applicationName} » du projet « ${opts.projectName} » a échoué : ${opts.reason}`,
      ...(opts.localCopyKept
        ? [
            "Une copie locale de la sauvegarde a été conservée sur le serveur de la plateforme, mais elle n'a pas pu être envoyée vers le stockage S3 : cette sauvegarde est comptée comme échouée.",
          ]
        : []),
      "Vérifiez la configuration, puis relancez l'opération depuis la page de l'application.",
    ],
    actionLabel: "Ouvrir l'application",
    footnote: `Message envoyé aux administrateurs du projet par ${PRODUCT_NAME}.`,
  }),
  /**
   * To whoever deployed it, once, after an application's first successful deploy (issue 33):
   * its address and where its admin access is. `admin`: how its administrator logs in.
   */
  siteOnline: (opts: {
    prenom: string;
    applicationName: string;
    projectName: string;
    url: string | null;
    admin: { loginUrl: string; managed: boolean } | null;
  }): MailWords => ({
    subject: `Votre site « ${opts.applicationName} » est en ligne`,
    greeting: hello(opts.prenom),
    paragraphs: [
      opts.url
        ? `Bonne nouvelle : « ${opts.applicationName} » (projet « ${opts.projectName} ») est déployé et en ligne à l'adresse ${opts.url}`
        : `Bonne nouvelle : « ${opts.applicationName} » (projet « ${opts.projectName} ») est déployé et fonctionne.`,
      ...(opts.admin
        ? [
            opts.admin.managed
              ? `Pour l'administrer, connectez-vous sur ${opts.admin.loginUrl}. L'identifiant et le mot de passe administrateur sont sur la page de l'application, carte « Accès administrateur » (bouton « Révéler le mot de passe »).`
              : `Pour l'administrer, ouvrez ${opts.admin.loginUrl} : son assistant d'installation vous fera créer le compte administrateur à la première visite.`,
          ]
        : []),
    ],
    actionLabel: "Ouvrir la page de l'application",
    footnote:
      "Ce message n'est envoyé qu'au premier déploiement réussi : les redéploiements ne vous écrivent pas.",
  }),
} as const;
