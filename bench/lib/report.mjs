// Figures and the dated section each benchmark appends to bench/RESULTS.md (others append
// their own sections: append only, never rewrite).
import { execFileSync } from 'node:child_process';
import { appendFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './server.mjs';

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** Nearest-rank percentile. */
export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};

export const ms = (x) => `${x.toFixed(0)} ms`;
export const seconds = (x) => `${(x / 1000).toFixed(2)} s`;

/** The one line that says on what the figures were measured. */
export function machine() {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
  return (
    `${os.cpus().length} cores (${cpu}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ` +
    `${os.type()} ${os.release()}, Node ${process.version}; load average at the end ${load}`
  );
}

function commit() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot })
      .toString()
      .trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: repoRoot }).length > 0;
    return `${head}${dirty ? ' + uncommitted changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

/**
 * Appends `## <title>` with the date, machine, command, body lines and the target verdict.
 * BENCH_NOTE (e.g. "measured while other work was running") is printed in bold under the title.
 */
export async function appendResults({ title, command, lines, target }) {
  const note = process.env.BENCH_NOTE;
  const section = [
    '',
    `## ${title}`,
    '',
    ...(note ? [`**${note}**`, ''] : []),
    `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}. Code: ${commit()}.`,
    `- Machine: ${machine()}.`,
    `- Command: \`${command}\``,
    '',
    ...lines,
    '',
    `Target: ${target}`,
    '',
  ].join('\n');
  // BENCH_DRY_RUN=1 prints the section without recording it (trying a script out).
  if (!process.env.BENCH_DRY_RUN)
    await appendFile(path.join(repoRoot, 'bench/RESULTS.md'), section);
  console.log(section);
}
