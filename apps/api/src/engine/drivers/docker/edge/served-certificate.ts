import { X509Certificate } from 'node:crypto';
import tls from 'node:tls';

/**
 * The certificate chain the edge proxy really presents for a host name: a TLS handshake to
 * its HTTPS port with that name as SNI, as a browser would do it. Nothing is verified here
 * (the point is to read what is served, trusted or not); null when the proxy has no
 * certificate for the name yet (Caddy ends such handshakes with an alert).
 */
export async function servedChain(
  address: { host: string; port: number },
  serverName: string,
  timeoutMs = 5_000,
): Promise<X509Certificate[] | null> {
  return new Promise((resolve) => {
    const socket = tls.connect({
      host: address.host,
      port: address.port,
      servername: serverName,
      rejectUnauthorized: false,
      ALPNProtocols: ['http/1.1'],
    });
    const done = (chain: X509Certificate[] | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(chain);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    socket.once('secureConnect', () => {
      const chain: X509Certificate[] = [];
      const seen = new Set<string>();
      let current: tls.DetailedPeerCertificate | undefined = socket.getPeerCertificate(true);
      // getPeerCertificate(true) links each certificate to its issuer (a root to itself).
      while (current?.raw && !seen.has(current.fingerprint256)) {
        seen.add(current.fingerprint256);
        chain.push(new X509Certificate(current.raw));
        current = current.issuerCertificate;
      }
      done(chain.length ? chain : null);
    });
    socket.once('error', () => done(null));
  });
}

/** Where the host reaches the proxy's published HTTPS port. */
export function probeAddress(listenHost: string, httpsPort: number) {
  const wildcard = listenHost === '0.0.0.0' || listenHost === '::' || listenHost === '';
  return { host: wildcard ? '127.0.0.1' : listenHost, port: httpsPort };
}
