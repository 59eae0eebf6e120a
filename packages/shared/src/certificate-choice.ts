/** The certificate choice of the deploy wizard, the inline form and the edit modal (issue 16). */
export const certificateChoiceTexts = {
  label: 'Certificat TLS',
  automatic: "Let's Encrypt automatique",
  option: (nom: string, domain: string, type: string) => `${nom} (${domain}, ${type})`,
  loading: 'Chargement des certificats…',
  domainFirst: 'Saisissez d’abord un nom de domaine.',
  chooseHint:
    "Un certificat du projet couvrant ce domaine, ou Let's Encrypt, obtenu automatiquement.",
  noneCovering: (domain: string) =>
    `Aucun certificat du projet ne couvre ${domain} : Let's Encrypt sera utilisé.`,
  manage: 'Gérer les certificats',
} as const;
