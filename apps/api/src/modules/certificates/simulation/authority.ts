import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import {
  bitString,
  boolean,
  explicit,
  implicit,
  integer,
  objectIdentifier,
  octetString,
  sequence,
  set,
  time,
  tlv,
  toPem,
  utf8String,
} from './der';
import { certificateTexts } from '@nuage/shared/messages/certificates';

/** Its name says, in every certificate it signs, that nothing real was ordered. */
export const SIMULATION_AUTHORITY_NAME = certificateTexts.simulationAuthority;
const ORGANIZATION = 'NuageDeploy (mode simulation)';

const OID = {
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  subjectAltName: '2.5.29.17',
  subjectKeyId: '2.5.29.14',
  authorityKeyId: '2.5.29.35',
  serverAuth: '1.3.6.1.5.5.7.3.1',
};

const DAY = 86_400_000;

const name = (commonName: string) =>
  sequence(
    set(sequence(objectIdentifier(OID.organization), utf8String(ORGANIZATION))),
    set(sequence(objectIdentifier(OID.commonName), utf8String(commonName))),
  );
const extension = (oid: string, critical: boolean, value: Buffer) =>
  sequence(objectIdentifier(oid), ...(critical ? [boolean(true)] : []), octetString(value));
const signatureAlgorithm = sequence(objectIdentifier(OID.ecdsaWithSha256));
const spkiOf = (key: KeyObject) => key.export({ type: 'spki', format: 'der' });
/** RFC 5280 §4.2.1.2 method 1, approximated over the whole SubjectPublicKeyInfo. */
const keyIdOf = (key: KeyObject) => createHash('sha1').update(spkiOf(key)).digest();

interface TbsInput {
  subject: Buffer;
  publicKey: KeyObject;
  notBefore: Date;
  notAfter: Date;
  extensions: Buffer[];
}

/**
 * A local certificate authority for the simulation runtime: an ECDSA P-256 root made at start
 * (per process; each certificate carries the root it chains to) that signs 90-day server
 * certificates, so the whole lifecycle (issue, validate, renew, attach) works with nothing
 * installed, while saying in its name that no real authority was involved.
 */
export class SimulationAuthority {
  private readonly key: KeyObject;
  private readonly keyId: Buffer;
  private readonly subject = name(SIMULATION_AUTHORITY_NAME);
  readonly rootPem: string;

  constructor(now = new Date()) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.key = pair.privateKey;
    this.keyId = keyIdOf(pair.publicKey);
    this.rootPem = this.signed({
      subject: this.subject,
      publicKey: pair.publicKey,
      notBefore: new Date(now.getTime() - DAY),
      notAfter: new Date(now.getTime() + 3650 * DAY),
      extensions: [
        extension(OID.basicConstraints, true, sequence(boolean(true))),
        // keyCertSign and cRLSign (bits 5 and 6; the last bit unused).
        extension(OID.keyUsage, true, bitString(Buffer.from([0x06]), 1)),
        extension(OID.subjectKeyId, false, octetString(this.keyId)),
      ],
    });
  }

  /** A new key and a certificate for `names`, valid `days` days; the PEM carries leaf then root. */
  issue(opts: { names: string[]; days?: number; now?: Date }): {
    certificatePem: string;
    privateKeyPem: string;
  } {
    const now = opts.now ?? new Date();
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const sans = sequence(...opts.names.map((n) => implicit(2, Buffer.from(n, 'ascii'))));
    const leaf = this.signed({
      subject: name(opts.names[0]!.slice(0, 64)),
      publicKey: pair.publicKey,
      notBefore: new Date(now.getTime() - 60_000),
      notAfter: new Date(now.getTime() + (opts.days ?? 90) * DAY),
      extensions: [
        extension(OID.basicConstraints, true, sequence()),
        // digitalSignature (bit 0; seven bits unused).
        extension(OID.keyUsage, true, bitString(Buffer.from([0x80]), 7)),
        extension(OID.extKeyUsage, false, sequence(objectIdentifier(OID.serverAuth))),
        extension(OID.subjectAltName, false, sans),
        extension(OID.authorityKeyId, false, sequence(implicit(0, this.keyId))),
      ],
    });
    return {
      certificatePem: leaf + this.rootPem,
      privateKeyPem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
  }

  private signed(input: TbsInput): string {
    const tbs = sequence(
      explicit(0, integer(2)),
      // 127 random bits: positive, unique in practice.
      integer(Buffer.concat([Buffer.from([randomBytes(1)[0]! & 0x7f]), randomBytes(15)])),
      signatureAlgorithm,
      this.subject,
      sequence(time(input.notBefore), time(input.notAfter)),
      input.subject,
      spkiOf(input.publicKey),
      explicit(3, sequence(...input.extensions)),
    );
    // node:crypto signs ECDSA in DER (the X.509 encoding) by default.
    const signature = sign('sha256', tbs, this.key);
    return toPem(tlv(0x30, Buffer.concat([tbs, signatureAlgorithm, bitString(signature)])));
  }
}
