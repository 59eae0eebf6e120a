/** One entry of GET /users/me/sessions ('Sessions actives'). */
export interface ActiveSession {
  id: string;
  /** A readable device ("Chrome sur Windows"). */
  appareil: string;
  navigateur: string | null;
  adresse_ip: string | null;
  date_creation: string;
  derniere_activite: string;
  expire_le: string;
  session_courante: boolean;
}
