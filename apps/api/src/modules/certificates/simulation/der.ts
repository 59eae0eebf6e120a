/**
 * The few DER (ITU-T X.690) encodings an X.509 certificate needs. node:crypto parses and
 * verifies certificates but cannot build one; these ~60 lines avoid a dependency for the
 * simulation authority only (real certificates come from ACME authorities or uploads).
 */

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tlv(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), length(content.length), content]);
}

export const sequence = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
export const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items));
export const boolean = (value: boolean) => tlv(0x01, Buffer.from([value ? 0xff : 0x00]));
export const octetString = (value: Buffer) => tlv(0x04, value);
export const utf8String = (value: string) => tlv(0x0c, Buffer.from(value, 'utf8'));
/** A BIT STRING of whole bytes, or of `unusedBits` fewer bits (key usage flags). */
export const bitString = (value: Buffer, unusedBits = 0) =>
  tlv(0x03, Buffer.concat([Buffer.from([unusedBits]), value]));
/** `[n] EXPLICIT` (constructed, context-specific). */
export const explicit = (n: number, content: Buffer) => tlv(0xa0 + n, content);
/** `[n] IMPLICIT` of a primitive value (dNSName, keyIdentifier). */
export const implicit = (n: number, content: Buffer) => tlv(0x80 + n, content);

/** A non-negative INTEGER from its big-endian bytes (a leading 0x00 keeps it positive). */
export function integer(value: Buffer | number): Buffer {
  let bytes = typeof value === 'number' ? Buffer.from([value]) : value;
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  bytes = bytes.subarray(start);
  return tlv(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}

export function objectIdentifier(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const out = [40 * first + second];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let v = Math.floor(arc / 128); v > 0; v = Math.floor(v / 128))
      chunk.unshift(0x80 | (v & 0x7f));
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

/** RFC 5280 §4.1.2.5: UTCTime until 2049, GeneralizedTime from 2050. */
export function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`))
    : tlv(0x18, Buffer.from(`${iso}Z`));
}

export function toPem(der: Buffer, label = 'CERTIFICATE'): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
