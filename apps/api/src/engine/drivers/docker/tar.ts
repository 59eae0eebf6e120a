/**
 * The few lines of ustar the driver needs: the Engine API takes and returns files as tar
 * archives (secret files written into a container, image import in tests). No dependency
 * for 60 lines of a stable format.
 */

export interface TarEntry {
  /** Relative path inside the archive, without a leading slash. */
  path: string;
  type: 'file' | 'directory' | 'symlink';
  content?: Buffer;
  linkTarget?: string;
  mode?: number;
  uid?: number;
  gid?: number;
}

const BLOCK = 512;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(entry: TarEntry, size: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  const name =
    entry.type === 'directory' && !entry.path.endsWith('/') ? `${entry.path}/` : entry.path;
  // ustar splits long paths into prefix (155) + name (100); our paths are short, refuse the rest.
  if (Buffer.byteLength(name) > 100) throw new Error(`tar path too long: ${name}`);
  h.write(name, 0, 100, 'utf8');
  const defaultMode = entry.type === 'directory' ? 0o755 : 0o644;
  h.write(octal(entry.mode ?? defaultMode, 8), 100, 'ascii');
  h.write(octal(entry.uid ?? 0, 8), 108, 'ascii');
  h.write(octal(entry.gid ?? 0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(0, 12), 136, 'ascii');
  h.write(' '.repeat(8), 148, 'ascii');
  h.write(entry.type === 'file' ? '0' : entry.type === 'directory' ? '5' : '2', 156, 'ascii');
  if (entry.linkTarget) h.write(entry.linkTarget, 157, 100, 'utf8');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(octal(sum, 7) + ' ', 148, 'ascii');
  return h;
}

export function createTar(entries: TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const content = entry.type === 'file' ? (entry.content ?? Buffer.alloc(0)) : Buffer.alloc(0);
    parts.push(header(entry, content.length), content);
    const pad = (BLOCK - (content.length % BLOCK)) % BLOCK;
    if (pad) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

export interface TarFile {
  path: string;
  content: Buffer;
  mode: number;
  uid: number;
  gid: number;
}

/** Regular files of an archive (what `GET /containers/{id}/archive` returns). */
export function readTarFiles(archive: Buffer): TarFile[] {
  const files: TarFile[] = [];
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const h = archive.subarray(offset, offset + BLOCK);
    if (h.every((b) => b === 0)) break;
    const field = (start: number, length: number) =>
      h
        .subarray(start, start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '')
        .trim();
    const size = parseInt(field(124, 12), 8) || 0;
    const type = field(156, 1);
    const prefix = field(345, 155);
    const name = field(0, 100);
    const body = archive.subarray(offset + BLOCK, offset + BLOCK + size);
    if (type === '0' || type === '') {
      files.push({
        path: prefix ? `${prefix}/${name}` : name,
        content: Buffer.from(body),
        mode: parseInt(field(100, 8), 8) || 0,
        uid: parseInt(field(108, 8), 8) || 0,
        gid: parseInt(field(116, 8), 8) || 0,
      });
    }
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return files;
}
