import net from 'node:net';

/**
 * One stable address for an application whose replicas each publish an ephemeral loopback
 * port: a TCP round-robin balancer inside the API process.
 *
 * Why in-process TCP: it needs no extra image (nothing can be pulled on some hosts), no root
 * (iptables) and no HTTP knowledge (websockets, any protocol pass through). Trade-offs: the
 * stable address answers only while an API process runs (each replica's published port
 * keeps working without it); it assumes one API process per engine host (two would compete
 * for the port); health comes from the driver's probes, refreshed periodically and at once
 * when every target refuses a connection.
 */

export interface BalancerTarget {
  host: string;
  port: number;
}

export interface BalancerOptions {
  /** Called when no target accepts a connection: fresh targets, then one more round. */
  refresh?: () => Promise<BalancerTarget[]>;
  connectTimeoutMs?: number;
}

export class TcpBalancer {
  private targets: BalancerTarget[] = [];
  private next = 0;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    private readonly opts: BalancerOptions,
  ) {
    server.on('connection', (client) => void this.accept(client));
  }

  /** Rejects with the listen error (EADDRINUSE when the port is taken). */
  static listen(host: string, port: number, opts: BalancerOptions = {}): Promise<TcpBalancer> {
    const server = net.createServer({ pauseOnConnect: true });
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host, port, exclusive: true }, () => {
        server.off('error', reject);
        resolve(new TcpBalancer(server, opts));
      });
    });
  }

  get port(): number {
    const address = this.server.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  setTargets(targets: BalancerTarget[]): void {
    this.targets = [...targets];
  }

  getTargets(): BalancerTarget[] {
    return [...this.targets];
  }

  /** Stops listening and cuts open connections. */
  close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }

  private async accept(client: net.Socket): Promise<void> {
    this.track(client);
    client.on('error', () => client.destroy());
    let upstream = await this.connectAny();
    if (!upstream && this.opts.refresh && !client.destroyed) {
      try {
        this.setTargets(await this.opts.refresh());
      } catch {
        // The engine may be down too; the client just gets its connection closed.
      }
      upstream = await this.connectAny();
    }
    if (!upstream || client.destroyed) {
      upstream?.destroy();
      client.destroy();
      return;
    }
    this.track(upstream);
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
    client.resume();
  }

  /** Tries each target once, starting with the next in round-robin order. */
  private async connectAny(): Promise<net.Socket | null> {
    const count = this.targets.length;
    for (let i = 0; i < count; i++) {
      const target = this.targets[(this.next + i) % count];
      if (!target) continue;
      const socket = await this.connect(target);
      if (socket) {
        this.next = (this.next + i + 1) % count;
        return socket;
      }
    }
    return null;
  }

  private connect(target: BalancerTarget): Promise<net.Socket | null> {
    return new Promise((resolve) => {
      const socket = net.connect({ host: target.host, port: target.port });
      socket.setTimeout(this.opts.connectTimeoutMs ?? 3_000, () => {
        socket.destroy();
        resolve(null);
      });
      socket.once('connect', () => {
        socket.setTimeout(0);
        resolve(socket);
      });
      // `on`, not `once`: a later error on a piped socket must never go unhandled.
      socket.on('error', () => resolve(null));
    });
  }
}
