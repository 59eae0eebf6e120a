/** The part of pino the embedded server reports to. */
export interface ServerLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Splits what the server writes into lines for the platform's log: warnings and fatal errors
 * (the server's own trouble: disk, memory, a refused login) at warn; statement errors, which the
 * platform sees and handles as query errors, and routine messages at debug. The last lines are
 * kept for the error raised when the server fails to start.
 */
export class ServerOutput {
  private pending = '';
  private recent: string[] = [];

  constructor(private readonly log: ServerLog) {}

  write(chunk: Buffer) {
    const lines = (this.pending + chunk.toString()).split('\n');
    this.pending = lines.pop() ?? '';
    for (const line of lines) this.line(line);
  }

  tail(): string {
    return [...this.recent, this.pending].join('\n').trim();
  }

  private line(line: string) {
    if (!line.trim()) return;
    this.recent = [...this.recent.slice(-19), line];
    const serious = /\b(WARNING|FATAL|PANIC):/.test(line);
    if (serious) this.log.warn({ postgres: line }, 'embedded PostgreSQL');
    else this.log.debug({ postgres: line }, 'embedded PostgreSQL');
  }
}
