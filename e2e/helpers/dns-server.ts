import dgram from 'node:dgram';

/**
 * A tiny authoritative DNS server on 127.0.0.1 for the custom-domain check (the API is started
 * with DNS_SERVERS pointing at it): A records from `zone` (a `*.suffix` key answers every name
 * under the suffix, as a wildcard record), NXDOMAIN for any other name, an empty answer for
 * other record types. Just enough of RFC 1035 for Node's resolver.
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

function answer(query: Buffer, zone: Record<string, string[]>): Buffer {
  const { name, end } = readName(query, 12);
  const type = query.readUInt16BE(end);
  const question = query.subarray(12, end + 4);
  const wildcard = `*.${name.slice(name.indexOf('.') + 1)}`;
  const records = name in zone ? zone[name] : zone[wildcard];
  const known = records !== undefined;
  const addresses = known && type === 1 ? records : [];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // id
  header.writeUInt16BE(known ? 0x8580 : 0x8583, 2); // response, authoritative, NOERROR / NXDOMAIN
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(addresses.length, 6);
  const rrs = addresses.map((ip) => {
    const rr = Buffer.alloc(16);
    rr.writeUInt16BE(0xc00c, 0); // the question's name
    rr.writeUInt16BE(1, 2); // A
    rr.writeUInt16BE(1, 4); // IN
    rr.writeUInt32BE(60, 6);
    rr.writeUInt16BE(4, 10);
    ip.split('.').forEach((octet, k) => rr.writeUInt8(Number(octet), 12 + k));
    return rr;
  });
  return Buffer.concat([header, question, ...rrs]);
}

export async function startDnsServer(zone: Record<string, string[]>): Promise<TestDnsServer> {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, peer) => {
    try {
      socket.send(answer(msg, zone), peer.port, peer.address);
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
