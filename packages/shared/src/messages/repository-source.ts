/**
 * Why a code application's repository could not be read (422 of the source routes, and a
 * build's failure): its address, access, branch and commit.
 */
export const sourceTexts = {
  urlInvalid: (url: string, reason: string) => `L'URL du dépôt « ${url} » est invalide : ${reason}`,
  urlNotHttps: `L'URL du dépôt est invalide : une adresse https:// est attendue.`,
  httpsOnly: 'seules les adresses https:// sont acceptées.',
  urlWithCredentials:
    "L'URL du dépôt ne doit pas contenir d'identifiants : indiquez le token Git dans le champ prévu.",
  urlWithQuery: "l'adresse ne doit contenir ni « ? » ni « # ».",
  privateNeedsToken: (display: string) =>
    `Accès refusé au dépôt ${display} : dépôt privé ou introuvable, un token Git est nécessaire pour un dépôt privé.`,
  tokenRefused: (display: string) => `Accès refusé au dépôt ${display} : vérifiez le token Git.`,
  unreachable: (display: string, reason: string) =>
    `Le dépôt ${display} est injoignable : ${reason}`,
  notFound: 'dépôt introuvable',
  notFoundOrPrivate: 'dépôt introuvable ou privé (un token Git est alors nécessaire)',
  httpStatus: (status: number) => `le serveur répond HTTP ${status}`,
  notGit: 'cette adresse ne sert pas de dépôt Git',
  answerTooLarge: 'réponse trop volumineuse',
  noAnswer: (seconds: number) => `pas de réponse en ${seconds} s`,
  unreadableAnswer: 'réponse Git illisible',
  truncatedAnswer: 'réponse Git tronquée',
  branchMissing: (branch: string, display?: string) =>
    display
      ? `La branche « ${branch} » n'existe pas dans le dépôt ${display}.`
      : `La branche « ${branch} » n'existe pas dans le dépôt.`,
  notCommitId: (sha: string) => `Le commit « ${sha} » n'est pas un identifiant de commit Git.`,
  commitNotOnBranch: (sha: string, branch: string) =>
    `le commit ${sha} est introuvable sur la branche « ${branch} »`,
  fetchingCommit: (sha: string, display: string) => `Récupération du commit ${sha} de ${display}`,
  gitFailed: (command: string | undefined, code: number | null) =>
    `git ${command} a échoué (code ${code})`,
} as const;

/**
 * What the in-cluster checkout script prints when it fails (the build's failure reason): shell
 * text, inside double quotes; `$COMMIT` is the script's variable.
 */
export const clusterCheckoutTexts = {
  sourceDirUnavailable: 'Le répertoire des sources est inaccessible.',
  notPrepared: 'Le dépôt n’a pas pu être préparé.',
  unreachable: 'Le dépôt est injoignable depuis le cluster, ou la branche n’existe plus.',
  commitMissing: 'Le commit $COMMIT est introuvable dans le dépôt.',
  fetched: (megabytes: string) => `Sources récupérées : ${megabytes} Mo.`,
} as const;
