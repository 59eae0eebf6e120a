import { sourceTexts } from '@nuage/shared/messages/repository-source';
/**
 * Git's pkt-line framing (gitprotocol-common): 4 hexadecimal digits of length (the 4 included),
 * then the payload; `0000` is a flush. The ref advertisement of the smart HTTP protocol v0 is
 * `# service=git-upload-pack`, a flush, then one `<sha> <ref>` line per ref (the first one
 * followed by NUL and the server's capabilities), then a flush.
 */
export interface RefAdvertisement {
  refs: Map<string, string>;
  capabilities: string[];
}

export function parsePktLines(body: Buffer): (string | null)[] {
  const lines: (string | null)[] = [];
  let offset = 0;
  while (offset + 4 <= body.length) {
    const size = parseInt(body.subarray(offset, offset + 4).toString('ascii'), 16);
    if (Number.isNaN(size)) throw new Error(sourceTexts.unreadableAnswer);
    if (size === 0 || size === 1 || size === 2) {
      lines.push(null); // flush, delimiter or response-end
      offset += 4;
      continue;
    }
    if (size < 4 || offset + size > body.length) throw new Error(sourceTexts.truncatedAnswer);
    lines.push(
      body
        .subarray(offset + 4, offset + size)
        .toString('utf8')
        .replace(/\n$/, ''),
    );
    offset += size;
  }
  return lines;
}

export function parseRefAdvertisement(body: Buffer): RefAdvertisement {
  const refs = new Map<string, string>();
  let capabilities: string[] = [];
  for (const line of parsePktLines(body)) {
    if (line === null || line.startsWith('#')) continue;
    const [refPart, caps] = line.split('\0');
    const match = /^([0-9a-f]{40}|[0-9a-f]{64}) (\S+)$/.exec(refPart ?? '');
    if (!match) continue;
    if (caps !== undefined) capabilities = caps.split(' ').filter(Boolean);
    // `capabilities^{}` is the placeholder of an empty repository, not a ref.
    if (match[2] !== 'capabilities^{}') refs.set(match[2]!, match[1]!);
  }
  return { refs, capabilities };
}
