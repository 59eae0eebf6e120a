/** French texts of the OpenAPI page (/api/v1/docs): tags and descriptions of routes. */
export const apiDocTags = {
  audit: 'Journal d’audit',
  apiTokens: 'Jetons d’API',
} as const;

export const apiDocDescriptions = {
  notificationChannelsSummary: 'Canaux de notification du projet (administrateurs)',
  /** The generic webhook's contract, for the integrators of a WhatsApp Business or SMS gateway. */
  notificationChannelCreate: [
    'Ajoute un canal : `email` (destinataires : ids de membres du projet), `slack`, `teams`, `discord` (url du webhook entrant), `telegram` (bot_token et chat_id ; l’envoi appelle `sendMessage`) ou `webhook` (url et secret). Les secrets (adresses, token, secret de signature) sont chiffrés et jamais renvoyés.',
    '',
    '**Webhook générique.** Chaque message est un `POST` JSON (`Content-Type: application/json; charset=utf-8`) : `{ id, evenement, evenement_id, titre, texte, gravite, lien, projet: { id, nom }, environnement_id, date }`. En-têtes : `X-Nuage-Event` (le type d’événement), `X-Nuage-Delivery` (l’id du message, identique à chaque nouvel essai : dédupliquez dessus), `X-Nuage-Timestamp` (secondes Unix) et `X-Nuage-Signature: sha256=<hex>`, le HMAC-SHA256 avec votre secret de `<timestamp>.<corps brut>`. Recalculez-le sur le corps reçu tel quel, comparez en temps constant et refusez un timestamp vieux de plus de 5 minutes. Répondez 2xx en moins de 10 s ; sinon le message est renvoyé (15 s, 30 s, 1 min… jusqu’à 8 essais). Chaque message est livré au moins une fois : si la plateforme s’arrête pendant un envoi, il est renvoyé après son redémarrage avec le même `X-Nuage-Delivery`.',
  ].join('\n'),
  bearerAuth: 'Un jeton personnel `ndp_…` (Profil → Jetons d’API) ou l’access_token d’une session.',
  updateCodeSourceSummary: 'Modifier la source d’une application de code',
  updateCodeSource:
    'Remplace le repository, la branche, l’accès (git_token_id d’un token du projet, null pour un repository public), les arguments de construction et le port (null : détecté). Une application Docker Compose lue dans son dépôt : pas d’arguments (ceux du fichier), le port et `service_expose` du service exposé, servi à partir de la version que ce changement construit. Le repository est lu avant toute écriture (422 en français : injoignable, token refusé, branche absente). Un changement met en file une nouvelle construction (trigger « redeploy ») ; build_id est null quand rien ne change.',
  deployImage:
    "Déploie n'importe quelle image de conteneur (`image` avec son étiquette, sans étiquette : latest ; registre public, ou privé avec `registry_credential_id`, des identifiants du projet du même registre) : `port` du conteneur, `commande` (remplace le CMD de l'image, un argument par élément), `env_vars` (les secrets sont chiffrés), `chemin_sante` (vérification HTTP, sinon TCP), `chemin_donnees` (où monter le volume, /data par défaut), ressources dans le quota du projet, comme pour toute application. Jamais privilégiée, jamais de chemin de l'hôte ni de réseau de l'hôte. L'image est téléchargée à chaque démarrage avec les identifiants du projet ; un refus du registre fait échouer l'application avec la raison en français (`status_reason`).",
  deployCompose:
    "Déploie un fichier docker-compose.yml collé (`fichier_compose`), ou lu dans un dépôt Git (`depot_git` : `repository_url`, `git_branch`, `git_token_id`, `chemin_compose`) : chaque construction le lit au commit construit, construit les services qui ont `build` et la version publiée exécute le fichier avec leurs images (réponse 201 avec `build_id`). Le fichier est vérifié selon la spécification Compose, puis refusé s'il demande ce qu'une application ne peut pas avoir (privileged, chemin de l'hôte, réseau ou espaces de noms de l'hôte, périphériques, capacités hors de la liste de la plateforme, ports ouverts sur l'hôte, build dans un fichier collé, réseaux ou volumes externes), une raison en français par problème, nommant le service et la clé. `service_expose` et `port` : le service servi à l'adresse de l'application par le proxy. La réservation est la somme des limites des services (deploy.resources.limits, sinon 0,5 cœur et 0,5 Go par service) et des volumes nommés (1 Go, ou `x-taille`), dans le quota du projet. Le fichier est chiffré et jamais renvoyé.",
  updateCompose:
    "Remplace le fichier docker-compose.yml d'une application Compose (nouvelle version) : vérifié comme au déploiement, la hausse de réservation contrôlée par rapport au quota. Seuls les services dont la partie du fichier change sont recréés (le service exposé par remplacement progressif) ; les volumes nommés et leurs données sont conservés.",
  listRegistryCredentials:
    'Les identifiants de registre du projet (registre, utilisateur), jamais leur mot de passe. Visibles de tous les membres.',
  createRegistryCredential:
    'Ajoute des identifiants de registre (administrateurs du projet) : `registre` est un nom d’hôte avec un port éventuel (ghcr.io, registre.exemple.sn:5000). Le mot de passe ou le jeton est chiffré et jamais renvoyé. Ils servent au téléchargement des images privées (`X-Registry-Auth` sur Docker et Podman, Secret `kubernetes.io/dockerconfigjson` sur Kubernetes).',
  deleteRegistryCredential:
    'Supprime des identifiants de registre (administrateurs du projet) ; refusé (409) tant qu’une application les utilise.',
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
