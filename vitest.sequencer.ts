import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that drive a real engine, a real browser or a real database server: each runs for tens
 * of seconds to two minutes, mostly waiting on Podman, Chromium or a server it started. The
 * suite is a queue of files on a few workers, so the long ones go first (longest processing
 * time first): started last, one of them alone would be the run's tail.
 */
const longRunning = [
  /\/e2e\/[^/]+\.test\.ts$/,
  /\/engine\/drivers\/docker\//,
  /\/engine\/builds\/docker\//,
  /\.podman\.test\.ts$/,
  /\/db\/pglite-import\//,
  /\/db\/embedded\//,
];

const isLong = (spec: TestSpecification) => longRunning.some((re) => re.test(spec.moduleId));
const isBrowser = (spec: TestSpecification) => spec.project.name === 'e2e';

const sizeOf = (spec: TestSpecification) => {
  try {
    return statSync(spec.moduleId).size;
  } catch {
    return 0;
  }
};

const bySizeDown = (a: TestSpecification, b: TestSpecification) => sizeOf(b) - sizeOf(a);
const byProjectThenSizeDown = (a: TestSpecification, b: TestSpecification) =>
  a.project.name === b.project.name ? bySizeDown(a, b) : a.project.name < b.project.name ? -1 : 1;

/** a[0], b[0], a[1], b[1]…, then what is left of the longer one. */
function alternate<T>(a: T[], b: T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (i < a.length) out.push(a[i]!);
    if (i < b.length) out.push(b[i]!);
  }
  return out;
}

/**
 * Long-running files first, then the rest project by project, each by size (a larger file holds
 * more tests). The long browser files alternate with the long engine files, so the workers do
 * not all start a Chromium at once. On a run with vitest's duration cache (a developer's machine), measured
 * durations decide, as vitest's own sequencer does; CI starts from a clean clone, without it.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const durationOf = (spec: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative(root, spec.moduleId)}`)
        ?.duration;
    const groups = new Map<number, TestSpecification[]>();
    for (const spec of files) {
      const order = spec.project.config.sequence.groupOrder;
      groups.set(order, [...(groups.get(order) ?? []), spec]);
    }
    return [...groups.keys()]
      .sort((x, y) => x - y)
      .flatMap((order) => {
        const specs = groups.get(order)!;
        if (specs.every((spec) => durationOf(spec) !== undefined))
          return [...specs].sort((a, b) => durationOf(b)! - durationOf(a)!);
        const long = specs.filter(isLong);
        return [
          ...alternate(
            long.filter(isBrowser).sort(bySizeDown),
            long.filter((spec) => !isBrowser(spec)).sort(bySizeDown),
          ),
          // Each project's files together: a worker that takes the next file of the project it
          // just ran keeps its module graph (isolate: false) instead of importing another one.
          ...specs.filter((spec) => !isLong(spec)).sort(byProjectThenSizeDown),
        ];
      });
  }
}
