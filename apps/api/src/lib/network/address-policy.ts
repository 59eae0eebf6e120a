/**
 * The one policy of which network addresses the platform itself may connect to on a user's
 * behalf (SSRF): Git repositories, S3 backup endpoints, and the build egress proxy, which runs
 * in its own container and gets this factory written out with `toString()` — hence a factory
 * that uses nothing but the language (no import, no outer variable).
 *
 * Every spelling of an address is normalised first, so a policy on ranges cannot be walked
 * around: IPv4 in the forms inet_aton and URL parsers accept (`2130706433`, `0177.0.0.1`,
 * `0x7f.1`, `127.1`), IPv6 with an embedded dotted quad or a zone, and IPv6 addresses that carry
 * an IPv4 destination (IPv4-mapped `::ffff:0:0/96`, IPv4-translated `::ffff:0:0:0/96`, NAT64
 * `64:ff9b::/96`, 6to4 `2002::/16`, Teredo `2001::/32`) are judged by the IPv4 address they lead to.
 */
export interface AddressPolicy {
  /** The address in canonical form (`127.0.0.1`, `::ffff:7f00:1`), or null when `text` is no IP address. */
  normalize(text: string): string | null;
  /** The IPv4 destination an IPv6 address carries (mapped, NAT64, 6to4, Teredo client), if any. */
  embeddedIpv4(text: string): string | null;
  /**
   * Loopback, private (RFC 1918, unique-local), CGNAT, link-local (the cloud metadata endpoint),
   * unspecified, multicast, reserved and every IPv4-compatible `::/96` address; also anything
   * that is not an IP address at all (fail closed).
   */
  isInternal(text: string): boolean;
}

export function createAddressPolicy(): AddressPolicy {
  type Parsed = { v4: number } | { v6: number[] };

  /** One IPv4 part as inet_aton reads it: `0x…` hexadecimal, `0…` octal, else decimal. */
  function ipv4Part(part: string): number | null {
    if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16);
    if (/^0[0-7]*$/.test(part)) return parseInt(part, 8);
    if (/^[1-9][0-9]*$/.test(part)) return Number(part);
    return null;
  }

  /** 1 to 4 parts; the last fills the remaining bytes (`127.1` is 127.0.0.1). */
  function parseIpv4(text: string): number | null {
    const parts = text.replace(/\.$/, '').split('.');
    if (parts.length < 1 || parts.length > 4) return null;
    const values: number[] = [];
    for (const part of parts) {
      if (part.length === 0 || part.length > 34) return null;
      const value = ipv4Part(part);
      if (value === null || !Number.isFinite(value)) return null;
      values.push(value);
    }
    const last = values.pop()!;
    if (values.some((v) => v > 255)) return null;
    if (last >= 2 ** (8 * (4 - values.length))) return null;
    let address = 0;
    for (const v of values) address = address * 256 + v;
    return address * 2 ** (8 * (4 - values.length)) + last;
  }

  function parseIpv6(text: string): number[] | null {
    let body = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
    if (!/^[0-9a-f:.]+$/i.test(body) || !body.includes(':')) return null;
    let tail: number[] = [];
    const dotted = /(^|:)(\d+\.\d+\.\d+\.\d+)$/.exec(body);
    if (dotted) {
      // Only the strict dotted-decimal form is valid at the end of an IPv6 address.
      if (!dotted[2]!.split('.').every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255))
        return null;
      const v4 = parseIpv4(dotted[2]!)!;
      tail = [Math.floor(v4 / 65536), v4 % 65536];
      body = body.slice(0, body.length - dotted[2]!.length);
      // `::ffff:` loses its separator; a `::` just before the quad stays one.
      if (body.endsWith(':') && !body.endsWith('::')) body = body.slice(0, -1);
    }
    const halves = body.split('::');
    if (halves.length > 2) return null;
    const groups = (s: string) => (s === '' ? [] : s.split(':'));
    const head = groups(halves[0]!);
    const rest = halves.length === 2 ? groups(halves[1]!) : [];
    const all = [...head, ...rest];
    if (!all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
    const explicit = all.length + tail.length;
    if (halves.length === 1 ? explicit !== 8 : explicit > 7) return null;
    const zeros = new Array<number>(8 - explicit).fill(0);
    const hex = (gs: string[]) => gs.map((g) => parseInt(g, 16));
    return [...hex(head), ...(halves.length === 2 ? zeros : []), ...hex(rest), ...tail];
  }

  function parse(text: string): Parsed | null {
    const trimmed = text.trim();
    if (trimmed.includes(':')) {
      const v6 = parseIpv6(trimmed);
      return v6 ? { v6 } : null;
    }
    const v4 = parseIpv4(trimmed);
    return v4 === null ? null : { v4 };
  }

  const formatIpv4 = (n: number) =>
    [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');

  /** RFC 5952: lower case, the longest run of two or more zero groups as `::`. */
  function formatIpv6(g: number[]): string {
    let best = -1;
    let bestLength = 1;
    for (let i = 0; i < 8;) {
      if (g[i] !== 0) {
        i++;
        continue;
      }
      let j = i;
      while (j < 8 && g[j] === 0) j++;
      if (j - i > bestLength) {
        best = i;
        bestLength = j - i;
      }
      i = j;
    }
    const text = (gs: number[]) => gs.map((x) => x.toString(16)).join(':');
    if (best < 0) return text(g);
    return `${text(g.slice(0, best))}::${text(g.slice(best + bestLength))}`;
  }

  const v4Of = (high: number, low: number) => high * 65536 + low;

  /** The IPv4 destinations an IPv6 address leads to, or null when it carries none. */
  function embedded(g: number[]): number[] | null {
    const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
    // IPv4-mapped ::ffff:a.b.c.d and IPv4-translated ::ffff:0:a.b.c.d (SIIT).
    if (zeros(0, 5) && g[5] === 0xffff) return [v4Of(g[6]!, g[7]!)];
    if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return [v4Of(g[6]!, g[7]!)];
    // NAT64 well-known prefix 64:ff9b::/96.
    if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return [v4Of(g[6]!, g[7]!)];
    // 6to4 2002:AABB:CCDD::/48.
    if (g[0] === 0x2002) return [v4Of(g[1]!, g[2]!)];
    // Teredo 2001:0:SSSS:SSSS:flags:port:CCCC:CCCC, the client's address inverted; its server too.
    if (g[0] === 0x2001 && g[1] === 0)
      return [v4Of(g[2]!, g[3]!), v4Of(g[6]! ^ 0xffff, g[7]! ^ 0xffff)];
    return null;
  }

  function internalIpv4(n: number): boolean {
    const a = n >>> 24;
    const b = (n >>> 16) & 255;
    const c = (n >>> 8) & 255;
    return (
      a === 0 || // "this network", 0.0.0.0
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) || // CGNAT
      (a === 169 && b === 254) || // link-local, cloud metadata
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0 && (c === 0 || c === 2)) || // IETF assignments, TEST-NET-1
      (a === 198 && (b === 18 || b === 19)) || // benchmarking
      a >= 224 // multicast, reserved, broadcast
    );
  }

  function internalIpv6(g: number[]): boolean {
    const carried = embedded(g);
    if (carried) return carried.some(internalIpv4);
    const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
    if (zeros(0, 6)) return true; // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d
    const first = g[0]!;
    return (
      (first === 0x64 && g[1] === 0xff9b) || // NAT64 local-use 64:ff9b:1::/48
      (first === 0x100 && zeros(1, 4)) || // discard-only 100::/64
      (first === 0x2001 && g[1]! < 0x200) || // IETF protocol assignments 2001::/23
      (first === 0x2001 && g[1] === 0xdb8) || // documentation
      (first & 0xfff0) === 0x3ff0 || // documentation 3fff::/20
      first === 0x5f00 || // segment routing
      (first & 0xfe00) === 0xfc00 || // unique-local fc00::/7
      (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
      (first & 0xffc0) === 0xfec0 || // site-local fec0::/10 (deprecated)
      (first & 0xff00) === 0xff00 // multicast
    );
  }

  return {
    normalize(text) {
      const p = parse(text);
      if (!p) return null;
      return 'v4' in p ? formatIpv4(p.v4) : formatIpv6(p.v6);
    },
    embeddedIpv4(text) {
      const p = parse(text);
      if (!p || 'v4' in p) return null;
      const carried = embedded(p.v6);
      return carried ? formatIpv4(carried[carried.length - 1]!) : null;
    },
    isInternal(text) {
      const p = parse(text);
      if (!p) return true;
      return 'v4' in p ? internalIpv4(p.v4) : internalIpv6(p.v6);
    },
  };
}

const policy = createAddressPolicy();

/** See AddressPolicy.isInternal: what the platform never connects to for a user. */
export const isInternalAddress = (address: string): boolean => policy.isInternal(address);

/** See AddressPolicy.normalize. */
export const normalizeAddress = (text: string): string | null => policy.normalize(text);

/** See AddressPolicy.embeddedIpv4. */
export const embeddedIpv4 = (text: string): string | null => policy.embeddedIpv4(text);
