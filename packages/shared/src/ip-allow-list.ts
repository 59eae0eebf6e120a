/**
 * An IP allow-list entry (a database's public endpoint, issue 25 item 2): an IPv4 or IPv6
 * address (a /32 or /128) or a network in CIDR notation whose host bits are zero. Parsed here
 * once for the API (which stores the normalised text and renders firewall rules from it) and
 * the page (which says what is wrong with each line before sending).
 */
export interface AllowListEntry {
  /** Normalised `address/prefix`. */
  cidr: string;
  family: 4 | 6;
}

export type AllowListProblem =
  { kind: 'invalid'; entry: string } | { kind: 'host-bits'; entry: string; network: string };

function ipv4Bytes(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p))) return null;
  const bytes = parts.map(Number);
  // No leading zeros: « 010.0.0.1 » is octal to some tools, decimal to others.
  if (bytes.some((b, i) => b > 255 || (parts[i]!.length > 1 && parts[i]!.startsWith('0'))))
    return null;
  return bytes;
}

function ipv6Bytes(text: string): number[] | null {
  if (!/^[0-9a-f:.]+$/i.test(text) || text.split('::').length > 2) return null;
  let body = text;
  let tail: number[] = [];
  // An IPv4 tail (::ffff:192.0.2.1) is the last two groups.
  if (text.includes('.')) {
    const at = text.lastIndexOf(':');
    const v4 = ipv4Bytes(text.slice(at + 1));
    if (!v4) return null;
    tail = v4;
    body = `${text.slice(0, at + 1)}0:0`;
  }
  const [head = '', rest] = body.split('::');
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const h = groups(head);
  const r = rest === undefined ? [] : groups(rest);
  if ([...h, ...r].some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
  const missing = 8 - h.length - r.length;
  if (rest === undefined ? missing !== 0 : missing < 1) return null;
  const all = [...h, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...r];
  const bytes = all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

const ipv4Text = (b: number[]) => b.join('.');

function ipv6Text(b: number[]): string {
  const groups = Array.from({ length: 8 }, (_, i) =>
    ((b[2 * i]! << 8) | b[2 * i + 1]!).toString(16),
  );
  // The longest run of zero groups (two or more) becomes « :: » (RFC 5952).
  let best = { at: -1, len: 1 };
  for (let i = 0; i < 8;) {
    if (groups[i] !== '0') {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === '0') j++;
    if (j - i > best.len) best = { at: i, len: j - i };
    i = j;
  }
  if (best.at < 0) return groups.join(':');
  return `${groups.slice(0, best.at).join(':')}::${groups.slice(best.at + best.len).join(':')}`;
}

/** One entry checked and normalised, or what is wrong with it. */
export function parseAllowListEntry(raw: string): AllowListEntry | AllowListProblem {
  const entry = raw.trim();
  const [address = '', prefixText, extra] = entry.split('/');
  if (extra !== undefined || (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)))
    return { kind: 'invalid', entry };
  const family = address.includes(':') ? 6 : 4;
  const bytes = family === 4 ? ipv4Bytes(address) : ipv6Bytes(address);
  if (!bytes) return { kind: 'invalid', entry };
  const max = family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return { kind: 'invalid', entry };
  const masked = bytes.map((b, i) => {
    const bits = Math.min(8, Math.max(0, prefix - i * 8));
    return b & ((0xff << (8 - bits)) & 0xff);
  });
  const text = (b: number[]) => (family === 4 ? ipv4Text(b) : ipv6Text(b));
  if (masked.some((b, i) => b !== bytes[i]))
    return { kind: 'host-bits', entry, network: `${text(masked)}/${prefix}` };
  return { cidr: `${text(masked)}/${prefix}`, family };
}

/** The whole Internet: 0.0.0.0/0 or ::/0 (allowed, shown as a warning). */
export const isOpenToWorld = (cidr: string) => cidr === '0.0.0.0/0' || cidr === '::/0';
