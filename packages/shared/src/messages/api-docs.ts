/** French texts of the OpenAPI page (/api/v1/docs): tags and descriptions of routes. */
export const apiDocTags = {
  audit: 'Journal d’audit',
  apiTokens: 'Jetons d’API',
} as const;

export const apiDocDescriptions = {
  bearerAuth: 'Un jeton personnel `ndp_…` (Profil → Jetons d’API) ou l’access_token d’une session.',
  updateCodeSourceSummary: 'Modifier la source d’une application de code',
  updateCodeSource:
    'Remplace le repository, la branche, l’accès (git_token_id d’un token du projet, null pour un repository public), les arguments de construction et le port (null : détecté). Le repository est lu avant toute écriture (422 en français : injoignable, token refusé, branche absente). Un changement met en file une nouvelle construction (trigger « redeploy ») ; build_id est null quand rien ne change.',
  createApiToken:
    'Crée un jeton personnel. Sa valeur (`token`, qui commence par `ndp_`) n’est renvoyée qu’une fois ; utilisez-la dans l’en-tête `Authorization: Bearer ndp_…`.',
} as const;

/** The OpenAPI page's introduction (Markdown): what the API is and how to authenticate. */
export const apiDocIntroduction = [
  'API de la plateforme de déploiement.',
  '',
  '## Authentification',
  '',
  '- **Jeton personnel (recommandé pour les scripts et la CI)** : créez-le dans Profil → « Jetons d’API » (nom, portée lecture seule ou accès complet, éventuellement limité à un projet, durée de validité). Sa valeur, qui commence par `ndp_`, n’est affichée qu’une fois ; envoyez-la dans l’en-tête `Authorization: Bearer ndp_…`. Un jeton en lecture seule ne peut faire que des requêtes GET ; un jeton limité à un projet ne voit que ce projet (les autres répondent 404). Un jeton ne peut pas gérer les sessions, les jetons, la double authentification ni le compte. Chaque utilisation est inscrite au journal d’audit du projet.',
  '- **Session** : `POST /api/v1/auth/login` (puis `POST /api/v1/auth/login/verify` si un second facteur est demandé, réponse 202) renvoie `access_token`, à envoyer en `Authorization: Bearer …` ; le navigateur utilise à la place un cookie HttpOnly. `POST /api/v1/auth/logout` termine la session.',
  '',
  'Exemple : `curl -H "Authorization: Bearer ndp_…" https://votre-plateforme/api/v1/projects`',
].join('\n');
