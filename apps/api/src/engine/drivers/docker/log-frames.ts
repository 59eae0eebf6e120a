/**
 * Logs and exec output of a container without a TTY come multiplexed: each frame is an 8-byte
 * header [stream (0 stdin, 1 stdout, 2 stderr), 0, 0, 0, payload size (uint32 BE)] followed
 * by the payload. Frames can be split anywhere across HTTP chunks, so this is a small
 * streaming parser rather than a one-shot function.
 */
export class FrameDemuxer {
  private pending: Buffer = Buffer.alloc(0);
  private raw: boolean | null = null;
  private readonly out: Buffer[] = [];

  push(chunk: Buffer): void {
    // A TTY container streams raw bytes; recognise it by a first byte that is not a stream id.
    if (this.raw === null && chunk.length > 0) this.raw = !looksMultiplexed(chunk);
    if (this.raw) {
      this.out.push(chunk);
      return;
    }
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    while (this.pending.length >= 8) {
      const size = this.pending.readUInt32BE(4);
      if (this.pending.length < 8 + size) break;
      this.out.push(this.pending.subarray(8, 8 + size));
      this.pending = this.pending.subarray(8 + size);
    }
  }

  /** Everything received, stdout and stderr interleaved in arrival order. */
  text(): string {
    return Buffer.concat(this.out).toString('utf8');
  }
}

function looksMultiplexed(chunk: Buffer): boolean {
  const stream = chunk[0];
  if (stream !== 0 && stream !== 1 && stream !== 2) return false;
  return chunk.length < 4 || (chunk[1] === 0 && chunk[2] === 0 && chunk[3] === 0);
}

export function demultiplex(buffer: Buffer): string {
  const demuxer = new FrameDemuxer();
  demuxer.push(buffer);
  return demuxer.text();
}
