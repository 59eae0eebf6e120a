import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uploadVerified, type S3Destination } from './s3';

/**
 * An upload's body is a file stream, which the SDK never retries: a connection reset on the PUT
 * (a keep-alive socket the storage closed at that moment, a proxy restarting) must not fail the
 * backup when the storage answers the next time; a refusal must still fail it at once.
 */
let server: Server;
let dir: string;
let file: string;
const content = randomBytes(64 * 1024);
const facts = {
  sizeBytes: content.length,
  sha256: createHash('sha256').update(content).digest('hex'),
};
let resetsLeft = 0;
let refuse = false;
let puts = 0;
const stored = new Map<string, Buffer>();

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'nuage-s3-retry-'));
  file = path.join(dir, 'archive.tar.gz');
  await writeFile(file, content);
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = req.url!.split('?')[0]!;
      if (req.method === 'PUT') {
        puts++;
        if (resetsLeft > 0) {
          resetsLeft--;
          req.socket.destroy();
          return;
        }
        if (refuse) {
          res.writeHead(403, { 'content-type': 'application/xml' });
          res.end('<Error><Code>InvalidAccessKeyId</Code><Message>refusé</Message></Error>');
          return;
        }
        stored.set(key, Buffer.concat(chunks));
        res.writeHead(200, { etag: '"x"' }).end();
        return;
      }
      const body = stored.get(key);
      if (!body) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-length': body.length, etag: '"x"' });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  stored.clear();
  puts = 0;
  resetsLeft = 0;
  refuse = false;
});

const destination = (): S3Destination => ({
  endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  region: 'us-east-1',
  bucket: 'sauvegardes',
  prefix: '',
  accessKeyId: 'AKIAEXEMPLE',
  secretAccessKey: 'secret-exemple',
  allowPrivateEndpoint: true,
});

describe('S3 uploads of a backup archive', () => {
  it('a connection reset on the upload is tried again with the file read afresh', async () => {
    resetsLeft = 1;
    await expect(uploadVerified(destination(), file, 'a.tar.gz', facts)).resolves.toBe(
      's3://sauvegardes/a.tar.gz',
    );
    expect(puts).toBe(2);
    expect(stored.get('/sauvegardes/a.tar.gz')).toEqual(content);
  });

  it('a refusal by the storage is not retried', async () => {
    refuse = true;
    await expect(uploadVerified(destination(), file, 'b.tar.gz', facts)).rejects.toThrow();
    expect(puts).toBe(1);
  });

  it('a storage that keeps resetting fails the upload after three attempts', async () => {
    resetsLeft = 10;
    await expect(uploadVerified(destination(), file, 'c.tar.gz', facts)).rejects.toThrow();
    expect(puts).toBe(3);
  });
});
