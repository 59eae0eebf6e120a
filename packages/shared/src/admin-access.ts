import { applicationTemplates, type SaasTemplateId } from './catalog';

/**
 * How a customer logs into the application they deployed (issue 16): the admin page of each
 * catalogue application, the login the platform created, and whether the platform manages the
 * password (Matomo's image creates its super user in its own installer at the first visit).
 * Each application file's `adminAccess` (applications/*.json).
 */
export const adminLogins = Object.fromEntries(
  applicationTemplates.map((t) => [t.id, t.adminAccess]),
) as Record<
  SaasTemplateId,
  { path: string; login: 'admin' | 'email' | null; managedPassword: boolean }
>;

export type { AdminAccess } from './schemas/responses/deployments';

export const adminAccessTexts = {
  title: 'Accès administrateur',
  reveal: 'Révéler le mot de passe',
  hide: 'Masquer',
  regenerate: 'Régénérer',
  copy: 'Copier',
  copied: 'Mot de passe copié',
  loginUrl: 'Page de connexion',
  login: 'Identifiant',
  email: 'E-mail administrateur',
  password: 'Mot de passe',
  reauthTitle: 'Confirmez votre identité',
  reauthHint:
    'Saisissez le mot de passe de votre compte NuageDeploy. Cette action est enregistrée dans le journal d’audit du projet.',
  accountPassword: 'Mot de passe de votre compte',
  accountPasswordRequired: 'Le mot de passe de votre compte est requis',
  wrongPassword: 'Mot de passe du compte incorrect.',
  tooManyAttempts:
    'Trop de confirmations de mot de passe en peu de temps : réessayez dans quelques minutes.',
  regenerateConfirm:
    'Un nouveau mot de passe administrateur sera généré et appliqué dans l’application ; l’ancien ne fonctionnera plus.',
  regenerated:
    'Nouveau mot de passe généré : il est appliqué dans l’application dans quelques instants.',
  notManaged:
    'Cette application crée son compte administrateur dans son propre assistant d’installation, à la première visite : la plateforme ne gère pas son mot de passe.',
  noAddress: 'Adresse disponible une fois l’application en ligne.',
  deleting: 'Cette application est en cours de suppression.',
} as const;
