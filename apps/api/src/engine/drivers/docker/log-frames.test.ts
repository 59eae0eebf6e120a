import { describe, expect, it } from 'vitest';
import { FrameDemuxer, demultiplex } from './log-frames';
import { createTar, readTarFiles } from './tar';

const frame = (stream: number, text: string) => {
  const payload = Buffer.from(text);
  const header = Buffer.alloc(8);
  header[0] = stream;
  header.writeUInt32BE(payload.length, 4);
  return Buffer.concat([header, payload]);
};

describe('FrameDemuxer', () => {
  it('joins stdout and stderr frames in order, without their headers', () => {
    expect(
      demultiplex(Buffer.concat([frame(1, 'out 1\n'), frame(2, 'err 1\n'), frame(1, 'é\n')])),
    ).toBe('out 1\nerr 1\né\n');
  });

  it('reassembles frames split anywhere across chunks', () => {
    const all = Buffer.concat([
      frame(1, 'first line\n'),
      frame(2, 'x'.repeat(300)),
      frame(1, 'end\n'),
    ]);
    for (const cut of [1, 3, 8, 9, 20, 317]) {
      const d = new FrameDemuxer();
      d.push(all.subarray(0, cut));
      d.push(all.subarray(cut, cut + 5));
      d.push(all.subarray(cut + 5));
      expect(d.text()).toBe(`first line\n${'x'.repeat(300)}end\n`);
    }
  });

  it('passes a TTY container’s raw stream through', () => {
    expect(demultiplex(Buffer.from('plain text\n'))).toBe('plain text\n');
  });
});

describe('tar', () => {
  it('reads back what it writes, with mode and owner', () => {
    const tar = createTar([
      { path: 'etc', type: 'directory' },
      {
        path: 'etc/app.conf',
        type: 'file',
        content: Buffer.from('a=1\n'),
        mode: 0o600,
        uid: 101,
        gid: 102,
      },
      { path: 'bin/sh', type: 'symlink', linkTarget: 'busybox' },
    ]);
    expect(tar.length % 512).toBe(0);
    expect(readTarFiles(tar)).toEqual([
      { path: 'etc/app.conf', content: Buffer.from('a=1\n'), mode: 0o600, uid: 101, gid: 102 },
    ]);
  });
});
