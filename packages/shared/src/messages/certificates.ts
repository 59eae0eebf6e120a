/**
 * The API's French texts about TLS certificates: why an order failed (kept in `derniere_erreur`
 * and shown on the certificate), the alerts on an application, the history's events.
 */
export const issuanceTexts = {
  internal: "Erreur interne lors de l'émission du certificat.",
  timedOut: "L'émission du certificat n'a pas abouti dans l'heure : nouvelle tentative plus tard.",
  unusable: (detail: string) => `Le certificat reçu de l'autorité est inutilisable : ${detail}`,
  missingNames: (names: string) => `Le certificat reçu ne couvre pas ${names}.`,
  challengeUnpublished: (detail: string) =>
    `Le proxy HTTP n'a pas pu publier la réponse au défi ACME (${detail}) : nouvelle tentative plus tard.`,
  authorityUntrusted: (detail: string) =>
    `Le certificat HTTPS de l'autorité de certification n'est pas reconnu (${detail}) : pour une autorité privée, ajoutez sa racine au fichier TLS_EXTRA_CA_FILE du serveur.`,
  authorityUnreachable: (detail: string) =>
    `L'autorité de certification ne répond pas (${detail}) : nouvelle tentative plus tard.`,
  orderFailed: (detail: string) =>
    `La commande auprès de l'autorité de certification a échoué : ${detail}`,
  certManagerFailed: (reason: string | undefined) =>
    `cert-manager n'a pas pu émettre le certificat : ${reason ?? 'raison inconnue'}`,
  certManagerInvalid: (detail: string) =>
    `Objet cert-manager invalide (configuration de la plateforme) : ${detail}`,
  certManagerRefused: (detail: string) => `Le cluster a refusé les objets cert-manager : ${detail}`,
  dnsProviderUnreachable: (detail: string) =>
    `Le fournisseur DNS (DNS-01) ne répond pas : ${detail}`,
  dnsProviderRefused: (status: number) =>
    `Le fournisseur DNS (DNS-01) a refusé l'enregistrement TXT (HTTP ${status}).`,
} as const;

/** What an application's page says about the certificate of one of its domains. */
export const certificateAlertTexts = {
  expired: (domain: string, date: string) =>
    `Le certificat HTTPS de ${domain} a expiré le ${date} : les navigateurs refusent le site.`,
  failed: (domain: string, reason?: string) =>
    reason
      ? `Le certificat HTTPS de ${domain} n'a pas pu être obtenu : ${reason}.`
      : `Le certificat HTTPS de ${domain} n'a pas pu être obtenu.`,
} as const;

export const certificateTexts = {
  deleted: 'Certificat supprimé.',
  challengeUnknown: 'Défi ACME inconnu ou expiré.',
  updatedEvent: 'Certificat TLS mis à jour : le nouveau certificat est appliqué',
  /** The description of a certificate the HTTPS proxy ordered for an application. */
  proxyOrdered: (applicationName: string, platformAddress: boolean) =>
    platformAddress
      ? `Obtenu par ACME par le proxy HTTPS pour l'adresse de la plateforme de l'application « ${applicationName} ».`
      : `Obtenu par ACME par le proxy HTTPS pour l'application « ${applicationName} ».`,
  /** « l'application « a » » or « les applications « a », « b » et « c » (et 2 autres) ». */
  applicationList: (quotedNames: string[], more: number) => {
    const list =
      quotedNames.length > 1
        ? `${quotedNames.slice(0, -1).join(', ')} et ${quotedNames.at(-1)}`
        : quotedNames[0]!;
    const prefix = quotedNames.length + more > 1 ? 'les applications ' : "l'application ";
    return prefix + list + (more > 0 ? ` (et ${more} autre${more > 1 ? 's' : ''})` : '');
  },
  simulationAuthority: 'NuageDeploy Simulation – autorité locale (aucun certificat réel)',
} as const;
