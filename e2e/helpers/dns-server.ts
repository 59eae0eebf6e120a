import dgram from 'node:dgram';

/**
 * A tiny authoritative DNS server on 127.0.0.1 for the custom-domain check (the API is started
 * with DNS_SERVERS pointing at it): A records from `zone` (a `*.suffix` key answers every name
 * under the suffix, as a wildcard record), TXT records from `txt` (both read at each query, so
 * a test adds a record as a domain's owner would), NXDOMAIN for any other name, an empty answer
 * for other record types. Just enough of RFC 1035 for Node's resolver.
 */
export interface TestDnsServer {
  address: string;
  close(): Promise<void>;
}

function readName(msg: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let i = offset;
  while (msg[i]! > 0) {
    labels.push(msg.subarray(i + 1, i + 1 + msg[i]!).toString('ascii'));
    i += msg[i]! + 1;
  }
  return { name: labels.join('.').toLowerCase(), end: i + 1 };
}

/** One resource record for the question's name (compressed pointer to offset 12). */
function record(type: number, rdata: Buffer): Buffer {
  const rr = Buffer.alloc(12);
  rr.writeUInt16BE(0xc00c, 0); // the question's name
  rr.writeUInt16BE(type, 2);
  rr.writeUInt16BE(1, 4); // IN
  rr.writeUInt32BE(60, 6);
  rr.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([rr, rdata]);
}

const aRdata = (ip: string) => Buffer.from(ip.split('.').map(Number));
/** A TXT record's text as character strings of at most 255 bytes. */
function txtRdata(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length || i === 0; i += 255) {
    const chunk = bytes.subarray(i, i + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
  }
  return Buffer.concat(parts);
}

function answer(
  query: Buffer,
  zone: Record<string, string[]>,
  txt: Record<string, string[]>,
): Buffer {
  const { name, end } = readName(query, 12);
  const type = query.readUInt16BE(end);
  const question = query.subarray(12, end + 4);
  const wildcard = `*.${name.slice(name.indexOf('.') + 1)}`;
  const records = name in zone ? zone[name] : zone[wildcard];
  const texts = txt[name];
  const known = records !== undefined || texts !== undefined;
  const rrs =
    type === 1
      ? (records ?? []).map((ip) => record(1, aRdata(ip)))
      : type === 16
        ? (texts ?? []).map((t) => record(16, txtRdata(t)))
        : [];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // id
  header.writeUInt16BE(known ? 0x8580 : 0x8583, 2); // response, authoritative, NOERROR / NXDOMAIN
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(rrs.length, 6);
  return Buffer.concat([header, question, ...rrs]);
}

export async function startDnsServer(
  zone: Record<string, string[]>,
  txt: Record<string, string[]> = {},
): Promise<TestDnsServer> {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, peer) => {
    try {
      socket.send(answer(msg, zone, txt), peer.port, peer.address);
    } catch {
      // a malformed query gets no answer
    }
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
