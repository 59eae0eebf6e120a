import type { Certificate, CertificateValidation } from '@nuage/shared/certificate-types';
import type { ProjectRole } from '@nuage/shared/roles';
import { buildProject } from '@/test/project-fixtures';

/** Factories for the API answers of the Certificates screen. */

const DAY = 86_400_000;

/** An instant `days` whole days (and an hour) from now, as the API writes dates. */
export function inDays(days: number): string {
  return new Date(Date.now() + days * DAY + 3_600_000).toISOString();
}

export const otherProject = (role: ProjectRole = 'user') =>
  buildProject({
    id: '9d9d9d9d-0000-4000-8000-000000000009',
    nom: 'Blog Thiès',
    role_projet: role,
  });

export function buildCertificate(overrides: Partial<Certificate> = {}): Certificate {
  return {
    id: 'c0c0c0c0-0000-4000-8000-000000000001',
    nom: 'Boutique production',
    nom_domaine: 'boutique.exemple.sn',
    description: 'Le certificat de la boutique',
    contenu_certificat: '-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----',
    date_expiration: inDays(80),
    date_creation: '2025-01-10T08:00:00.000Z',
    date_mise_a_jour: '2025-01-10T08:00:00.000Z',
    type_certificat: 'Personnalisé',
    statut: 'Actif',
    projet_id: buildProject().id,
    domaines: ['boutique.exemple.sn'],
    emetteur: 'Exemple CA',
    wildcard: false,
    staging: false,
    email: null,
    mode_emission: 'import',
    simulation: false,
    expire_dans_jours: 80,
    expiration_proche: false,
    prochain_renouvellement: null,
    derniere_erreur: null,
    cle_privee_presente: true,
    ...overrides,
  };
}

/** A Let's Encrypt certificate signed by the simulation authority. */
export function buildLetsEncrypt(overrides: Partial<Certificate> = {}): Certificate {
  return buildCertificate({
    id: 'c0c0c0c0-0000-4000-8000-000000000002',
    nom: 'api.exemple.sn',
    nom_domaine: 'api.exemple.sn',
    description: null,
    type_certificat: "Let's Encrypt",
    domaines: ['api.exemple.sn'],
    emetteur: 'NuageDeploy Simulation CA',
    email: 'admin@exemple.sn',
    mode_emission: 'simulation',
    simulation: true,
    prochain_renouvellement: inDays(60),
    cle_privee_presente: true,
    ...overrides,
  });
}

export function buildValidation(
  overrides: Partial<CertificateValidation> = {},
): CertificateValidation {
  return {
    valid: true,
    domain_matches: true,
    not_expired: true,
    expires_in_days: 80,
    issues: [],
    ...overrides,
  };
}

/** Made with `openssl req -x509 -newkey ec … -days 90`: notAfter 2027-02-19T16:16:40Z (UTCTime). */
export const CERTIFICATE_PEM = [
  '-----BEGIN CERTIFICATE-----',
  'MIIBsTCCAVegAwIBAgIUfOhBHJ6g9sYuYToN1z/eLoLGLrMwCgYIKoZIzj0EAwIw',
  'HjEcMBoGA1UEAwwTYm91dGlxdWUuZXhlbXBsZS5zbjAeFw0yNjExMjExNjE2NDBa',
  'Fw0yNzAyMTkxNjE2NDBaMB4xHDAaBgNVBAMME2JvdXRpcXVlLmV4ZW1wbGUuc24w',
  'WTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAASidMzlSat5jPGj+923tvm6HKOMDUaZ',
  'AsdoxhziD4dLgF8ku1UbK7Xls9u3N/rMydLnYzWRmry4Qfs2PRjyLxdho3MwcTAd',
  'BgNVHQ4EFgQURiS7E2XNokEkRkzeA+u8kkqwT3wwHwYDVR0jBBgwFoAURiS7E2XN',
  'okEkRkzeA+u8kkqwT3wwDwYDVR0TAQH/BAUwAwEB/zAeBgNVHREEFzAVghNib3V0',
  'aXF1ZS5leGVtcGxlLnNuMAoGCCqGSM49BAMCA0gAMEUCIA1GzK2lfOrlwwwK2Lld',
  'mVRaQCnQtZzJEBSdlJRZyaEsAiEAwKKfMF7aKHMZ0FGMAFT0DQUzbTSiNOerA5nL',
  'MrQBF0E=',
  '-----END CERTIFICATE-----',
].join('\n');

/** `-days 10000`: notAfter 2054-04-08T16:16:40Z (GeneralizedTime). */
export const LONG_CERTIFICATE_PEM = [
  '-----BEGIN CERTIFICATE-----',
  'MIIBijCCATGgAwIBAgIURu3jnzSdtTvBVCMWeuWqGtnn3PUwCgYIKoZIzj0EAwIw',
  'GjEYMBYGA1UEAwwPbG9uZy5leGVtcGxlLnNuMCAXDTI2MTEyMTE2MTY0MFoYDzIw',
  'NTQwNDA4MTYxNjQwWjAaMRgwFgYDVQQDDA9sb25nLmV4ZW1wbGUuc24wWTATBgcq',
  'hkjOPQIBBggqhkjOPQMBBwNCAATIdXpqwyDOti7m3YeiF3c8GEublPchkDe71e58',
  '9l3uwFWwxQMW4ykqbu/EaBSUqTYT4FETHICxmS2C/Bi3lDQbo1MwUTAdBgNVHQ4E',
  'FgQUUCad+YLJeeCkYKyH0Zxucdqo3I4wHwYDVR0jBBgwFoAUUCad+YLJeeCkYKyH',
  '0Zxucdqo3I4wDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNHADBEAiAZj8H2',
  '38Af/31nOPANP28A5JoGbGJepsYOKgQRMCqCHwIgCtVszqbGyfA48Lb17RrVG56H',
  'qaxJxTXCLR67Pq0KVMk=',
  '-----END CERTIFICATE-----',
].join('\n');

export const PRIVATE_KEY_PEM = [
  '-----BEGIN PRIVATE KEY-----',
  'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg',
  '-----END PRIVATE KEY-----',
].join('\n');
