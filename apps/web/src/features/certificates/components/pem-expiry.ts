/**
 * Reads notAfter from the first certificate of a PEM text, in the browser, so the expiry date
 * fills itself in when a certificate is pasted or picked. Only enough DER to reach the
 * validity; anything unexpected gives null (the server reads and checks the certificate anyway).
 */
export function readPemExpiry(pem: string): Date | null {
  const match = /-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/.exec(pem);
  if (!match) return null;
  try {
    const binary = atob(match[1]!.replace(/\s+/g, ''));
    const der = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const certificate = readTlv(der, 0);
    const tbs = readTlv(der, certificate.start);
    let at = tbs.start;
    if (der[at] === 0xa0) at = readTlv(der, at).end; // [0] version
    for (let i = 0; i < 3; i++) at = readTlv(der, at).end; // serial, signature, issuer
    const validity = readTlv(der, at);
    const notAfter = readTlv(der, readTlv(der, validity.start).end);
    return parseTime(notAfter.tag, der.subarray(notAfter.start, notAfter.end));
  } catch {
    return null;
  }
}

/** YYYY-MM-DD of `date` in UTC: the value of a date input, as the server compares it. */
export function toDateInputValue(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function readTlv(der: Uint8Array, offset: number) {
  const tag = der[offset];
  let length = der[offset + 1];
  if (tag === undefined || length === undefined) throw new Error('truncated');
  let start = offset + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    if (bytes === 0 || bytes > 4) throw new Error('unsupported length');
    length = 0;
    for (let i = 0; i < bytes; i++) length = length * 256 + (der[start + i] ?? 0);
    start += bytes;
  }
  const end = start + length;
  if (end > der.length) throw new Error('truncated');
  return { tag, start, end };
}

/** UTCTime (0x17, YYMMDDHHMMSSZ) or GeneralizedTime (0x18, YYYYMMDDHHMMSSZ). */
function parseTime(tag: number, bytes: Uint8Array): Date | null {
  const text = String.fromCharCode(...bytes);
  const m =
    tag === 0x17
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text)
      : tag === 0x18
        ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text)
        : null;
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const year = tag === 0x17 ? (y! >= 50 ? 1900 + y! : 2000 + y!) : y!;
  const date = new Date(Date.UTC(year, mo! - 1, d!, h!, mi!, s!));
  return Number.isNaN(date.getTime()) ? null : date;
}
