import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SourceFile, SourceSpec } from '../builder';
import { checkoutCommit, type CheckoutOptions } from './checkout';

/**
 * One file of one commit (a Compose file read from the repository): a shallow checkout within
 * the policy and BUILD_MAX_SOURCE_MB, the file read if it is one of the checkout's (a symbolic
 * link out of it is "missing") and not larger than `maxBytes`, then the checkout removed.
 */
export async function readSourceFile(
  source: SourceSpec & { commitSha: string },
  filePath: string,
  maxBytes: number,
  opts: CheckoutOptions,
): Promise<SourceFile> {
  const checkout = await checkoutCommit(source, opts);
  try {
    const root = await realpath(checkout.dir);
    const full = await realpath(path.join(checkout.dir, filePath)).catch(() => null);
    if (!full || !full.startsWith(`${root}${path.sep}`)) return { found: false, reason: 'missing' };
    const info = await stat(full);
    if (!info.isFile()) return { found: false, reason: 'missing' };
    if (info.size > maxBytes) return { found: false, reason: 'too-large' };
    return {
      found: true,
      text: await readFile(full, 'utf8'),
      commitMessage: checkout.commitMessage,
    };
  } finally {
    await checkout.dispose();
  }
}
