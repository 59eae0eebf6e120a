import type { TerminalConnection } from './connection';

/**
 * The terminals this process has open, so that a shutdown ends each one as such (the browser
 * reads « la plateforme redémarre ») and its audit entry is written before the database closes.
 */
export class OpenTerminals {
  private readonly open = new Set<TerminalConnection>();

  add(connection: TerminalConnection): void {
    this.open.add(connection);
    void connection.ended().then(() => this.open.delete(connection));
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.open].map((c) => c.end('shutdown')));
  }
}
