/**
 * What the platform says when it cannot read a Git repository over the network. Every refusal
 * of the address policy (a private, loopback or link-local address in any spelling, a name that
 * resolves there, a redirect there) and every failure to connect (refused, reset, timed out,
 * TLS) gets this one text: a user probing the platform's own network through repository URLs
 * cannot tell an address refused from one unreachable, nor a closed port from an open one.
 */
export const repositoryTexts = {
  unreachable: (url: string, publicOnly: boolean) =>
    publicOnly
      ? `Le dépôt ${url} est injoignable depuis la plateforme : vérifiez son adresse (seuls les dépôts https:// sur une adresse publique sont lus).`
      : `Le dépôt ${url} est injoignable depuis la plateforme : vérifiez son adresse.`,
} as const;
