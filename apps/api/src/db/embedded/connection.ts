import net from 'node:net';
import path from 'node:path';

export interface ServerConnection {
  /** Given to the server at every start (`-c`). */
  settings: Record<string, string>;
  url(database: string): string;
  /** For the log: where the server listens. */
  via: string;
}

/** A unix socket's path must fit in sun_path: 108 bytes on Linux, 104 on macOS, NUL included. */
const SOCKET_PATH_MAX = 103;
const PORT = 5432;

/**
 * A unix socket inside the cluster's directory (mode 0700: only the server's account and root
 * can even reach it), and no TCP at all; where DATA_DIR's path is too long for a socket, a free
 * port on 127.0.0.1 instead. The password is required either way.
 */
export async function connectionTo(
  clusterDir: string,
  password: string,
): Promise<ServerConnection> {
  const credentials = `postgres:${encodeURIComponent(password)}`;
  if (Buffer.byteLength(path.join(clusterDir, `.s.PGSQL.${PORT}`)) <= SOCKET_PATH_MAX) {
    return {
      settings: {
        listen_addresses: '',
        unix_socket_directories: quoted(clusterDir),
        port: String(PORT),
      },
      url: (database) =>
        `postgresql://${credentials}@localhost/${database}?host=${encodeURIComponent(clusterDir)}`,
      via: path.join(clusterDir, `.s.PGSQL.${PORT}`),
    };
  }
  const port = await freeLoopbackPort();
  return {
    settings: { listen_addresses: '127.0.0.1', unix_socket_directories: '', port: String(port) },
    url: (database) => `postgresql://${credentials}@127.0.0.1:${port}/${database}`,
    via: `127.0.0.1:${port}`,
  };
}

/** The setting is a comma-separated list; double quotes keep a path with commas or spaces whole. */
const quoted = (dir: string) => `"${dir.replace(/"/g, '""')}"`;

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
