/** Texts of a database's public endpoint (issue 25 item 2): API errors, events and the card. */
export const databasePublicTexts = {
  disabled:
    'L’accès public aux bases de données n’est pas activé sur cette plateforme : l’opérateur doit définir DATABASE_PUBLIC_ADDRESS (docker) ou DATABASE_PUBLIC_SERVICE (Kubernetes).',
  noPortLeft:
    'Plus aucun port public n’est libre sur cette plateforme (plage DATABASE_PUBLIC_PORTS) : désactivez l’accès public d’une autre base ou demandez à l’opérateur d’élargir la plage.',
  sourcesRequired:
    'Indiquez au moins une adresse IP ou un réseau autorisé (0.0.0.0/0 ouvre à tout Internet).',
  tooManySources: 'Au plus 50 adresses ou réseaux autorisés.',
  sourceInvalid: (entry: string) =>
    `« ${entry} » n’est ni une adresse IP ni un réseau CIDR (exemples : 203.0.113.7, 198.51.100.0/24, 2001:db8::/32).`,
  sourceHostBits: (entry: string, network: string) =>
    `« ${entry} » : le réseau s’écrit ${network} (les bits après le préfixe doivent être à zéro).`,
  sourceDuplicate: (entry: string) => `« ${entry} » est déjà dans la liste.`,
  activeRequired: 'Indiquez si l’accès public est actif (true ou false).',
  alreadyOff: 'L’accès public de cette base de données est déjà désactivé.',
  enabledEvent: (port: number) => `Accès public activé (port ${port})`,
  changedEvent: 'Liste des adresses autorisées de l’accès public modifiée',
  disabledEvent: 'Accès public désactivé',
  noCertificate: 'Cette base de données n’a pas de certificat TLS : activez son accès public.',
  // The card on the database page.
  title: 'Accès public',
  intro:
    'Par défaut la base n’est joignable que depuis son environnement. L’accès public l’ouvre depuis Internet, aux seules adresses que vous autorisez.',
  unavailable:
    'L’accès public n’est pas proposé sur cette plateforme (l’opérateur ne l’a pas activé).',
  off: 'Désactivé : la base n’est joignable que depuis son environnement.',
  on: 'Activé',
  offBadge: 'Désactivé',
  address: 'Adresse publique',
  publicConnection: 'Chaîne de connexion publique',
  sources: 'Adresses et réseaux autorisés',
  sourcesHelp:
    'Une adresse IP ou un réseau CIDR par ligne (IPv4 ou IPv6). 0.0.0.0/0 ouvre à tout Internet.',
  openWorldWarning:
    'Attention : 0.0.0.0/0 (ou ::/0) autorise tout Internet. Seul le mot de passe protège alors la base.',
  tls: 'Chiffrement TLS',
  tlsOn: (what: string) => `Actif (${what})`,
  tlsOff: 'Non disponible pour ce moteur',
  tlsPostgresql: 'sslmode=verify-ca avec le certificat de l’autorité ci-dessous',
  tlsMariadb: '--ssl-ca avec le certificat de l’autorité ci-dessous',
  tlsRedis: 'port public en TLS seulement : rediss://, --tls --cacert',
  fingerprint: 'Empreinte SHA-256 de l’autorité (CA)',
  downloadCa: 'Télécharger le certificat de l’autorité (CA)',
  enable: 'Activer l’accès public',
  save: 'Enregistrer les adresses',
  disable: 'Désactiver l’accès public',
  disableConfirm:
    'Désactiver l’accès public ? Les connexions depuis Internet seront refusées ; les applications de l’environnement ne sont pas touchées.',
  readOnly: 'Seuls les administrateurs du projet modifient l’accès public.',
  saved: 'Accès public enregistré : la plateforme l’applique.',
  disabledDone: 'Accès public désactivé : la plateforme retire la publication.',
  applying: 'En cours d’application…',
} as const;
