import { createReadStream } from 'node:fs';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { createWriteStream } from 'node:fs';
import { hashingStream, type ArchiveFacts } from '../archive';
import { endpointAgents } from './endpoint-policy';
import { backupFailureTexts } from '@nuage/shared/messages/backups';

/** A project's S3-compatible storage, with its secret key already unsealed. */
export interface S3Destination {
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_ALLOW_PRIVATE_ENDPOINTS: the endpoint may resolve to a private or loopback address. */
  allowPrivateEndpoint: boolean;
}

const TIMEOUT_MS = 10 * 60_000;

function client(d: S3Destination): S3Client {
  const agents = endpointAgents(d.endpoint, d.allowPrivateEndpoint);
  return new S3Client({
    endpoint: d.endpoint,
    // Every connection re-checks where the endpoint's name leads (DNS rebinding).
    ...(agents ? { requestHandler: agents } : {}),
    region: d.region,
    forcePathStyle: true,
    credentials: { accessKeyId: d.accessKeyId, secretAccessKey: d.secretAccessKey },
    // No retry storm against a wrong key or a dead endpoint: the backup fails and says why.
    maxAttempts: 2,
    // Plain signed uploads: many S3-compatible storages refuse the SDK's default aws-chunked
    // checksum trailers. Integrity is checked by reading the object back (uploadVerified).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function objectKey(d: S3Destination, fileName: string): string {
  const prefix = d.prefix.replace(/^\/+|\/+$/g, '');
  return prefix ? `${prefix}/${fileName}` : fileName;
}

export const s3Location = (d: S3Destination, key: string) => `s3://${d.bucket}/${key}`;

/**
 * Uploads the archive, then reads it back whole: the copy counts only when the storage returns
 * the same size and SHA-256 (a storage that accepts and loses, or truncates, is a failure).
 */
export async function uploadVerified(
  d: S3Destination,
  file: string,
  fileName: string,
  expected: ArchiveFacts,
): Promise<string> {
  const s3 = client(d);
  const key = objectKey(d, fileName);
  try {
    await withFreshStreamRetries((abortSignal) =>
      s3.send(
        new PutObjectCommand({
          Bucket: d.bucket,
          Key: key,
          Body: createReadStream(file),
          ContentLength: expected.sizeBytes,
          ContentType: 'application/gzip',
          Metadata: { sha256: expected.sha256 },
        }),
        { abortSignal },
      ),
    );
    const head = await s3.send(new HeadObjectCommand({ Bucket: d.bucket, Key: key }));
    if (head.ContentLength !== expected.sizeBytes) {
      throw new Error(
        `taille relue ${head.ContentLength ?? '?'} octets au lieu de ${expected.sizeBytes}`,
      );
    }
    const got = await s3.send(new GetObjectCommand({ Bucket: d.bucket, Key: key }), {
      abortSignal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const hashing = hashingStream();
    await pipeline(got.Body as Readable, hashing.stream, async (source) => {
      for await (const chunk of source) void chunk;
    });
    const read = hashing.facts();
    if (read.sha256 !== expected.sha256 || read.sizeBytes !== expected.sizeBytes) {
      throw new Error(backupFailureTexts.s3CopyMismatch);
    }
    return s3Location(d, key);
  } finally {
    s3.destroy();
  }
}

const UPLOAD_ATTEMPTS = 3;

/**
 * The SDK cannot retry a request whose body is a stream ("non-retryable streaming request"): a
 * connection reset or a 5xx on the upload is tried again here, the file opened afresh each time.
 * A refusal (wrong key, missing bucket: 4xx) is not retried: the backup fails and says why.
 */
async function withFreshStreamRetries<T>(send: (signal: AbortSignal) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const signal = AbortSignal.timeout(TIMEOUT_MS);
    try {
      return await send(signal);
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata
        ?.httpStatusCode;
      // Past the time allowed, the storage is too slow: trying again would only wait as long.
      const transient = !signal.aborted && (status === undefined || status >= 500);
      if (!transient || attempt >= UPLOAD_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/** Downloads an archive (restore when the local copy is gone). */
export async function download(d: S3Destination, fileName: string, target: string) {
  const s3 = client(d);
  try {
    const got = await s3.send(
      new GetObjectCommand({ Bucket: d.bucket, Key: objectKey(d, fileName) }),
      { abortSignal: AbortSignal.timeout(TIMEOUT_MS) },
    );
    await pipeline(got.Body as Readable, createWriteStream(target));
  } finally {
    s3.destroy();
  }
}

export async function removeObject(d: S3Destination, fileName: string) {
  const s3 = client(d);
  try {
    await s3.send(new DeleteObjectCommand({ Bucket: d.bucket, Key: objectKey(d, fileName) }));
  } finally {
    s3.destroy();
  }
}

/** The storage's own words, short, without anything that looks like a key. */
export function s3ErrorMessage(err: unknown): string {
  const e = err as { name?: string; message?: string; Code?: string };
  const text = `${e.Code ?? e.name ?? 'Error'}: ${e.message ?? String(err)}`;
  return text.replace(/[A-Za-z0-9/+=]{32,}/g, '…').slice(0, 300);
}

/** How long a presigned transfer URL stays valid: one backup or restore Job's run. */
export const TRANSFER_URL_SECONDS = 3 * 3600;

/**
 * A presigned URL for one object (PUT to write it, GET to read it), for a runtime that moves
 * the archive itself (a Kubernetes Job): no key leaves the platform, only this URL, valid for
 * that object and a few hours.
 */
export async function presignedUrl(
  d: S3Destination,
  fileName: string,
  method: 'PUT' | 'GET',
): Promise<string> {
  const s3 = client(d);
  try {
    const input = { Bucket: d.bucket, Key: objectKey(d, fileName) };
    const command = method === 'PUT' ? new PutObjectCommand(input) : new GetObjectCommand(input);
    return await getSignedUrl(s3, command, { expiresIn: TRANSFER_URL_SECONDS });
  } finally {
    s3.destroy();
  }
}
