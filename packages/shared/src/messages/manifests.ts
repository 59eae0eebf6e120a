/**
 * Texts of the Kubernetes manifests the platform renders: why an object is refused (the
 * application's failure reason) and the header of the manifest files written for operators.
 */
export const manifestErrorTexts = {
  invalidName: (name: string) => `Nom d’objet Kubernetes invalide : ${name}`,
  invalidLabel: (label: string) => `Étiquette Kubernetes invalide : ${label}`,
  invalidHost: (host: string) => `Nom de domaine invalide : ${host}`,
  invalidCpu: (milli: number) => `Quantité de CPU invalide : ${milli}`,
  invalidMemory: (mb: number) => `Quantité de mémoire invalide : ${mb}`,
} as const;

/** The comment lines (after `#`) at the top of every manifest file written on disk. */
export const manifestFileTexts = {
  marker: ' Généré par NuageDeploy : réécrit à chaque déploiement, ne pas modifier.',
  secretNotice: [
    ' Les valeurs des Secrets sont masquées (REDACTED) : ce dossier ne contient aucun mot de passe.',
    ' Appliquer ce fichier tel quel remplacerait les mots de passe ; la plateforme applique les vraies valeurs.',
  ],
} as const;
