import type { UserProfile } from '@nuage/shared/schemas/users';

/** The only fields of a user the API ever shows (never the password hash or token version). */
export function presentUser(user: {
  id: string;
  prenom: string;
  nom: string;
  email: string;
  createdAt: Date;
  pendingEmail: string | null;
  totpEnabled?: boolean;
  totpEnabledAt?: Date | null;
}): UserProfile {
  return {
    id: user.id,
    prenom: user.prenom,
    nom: user.nom,
    email: user.email,
    date_creation: user.createdAt.toISOString(),
    est_verifie: true,
    email_en_attente: user.pendingEmail,
    double_authentification: Boolean(user.totpEnabled ?? user.totpEnabledAt),
  };
}
