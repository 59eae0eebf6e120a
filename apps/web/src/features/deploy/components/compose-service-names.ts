/**
 * The service names of a pasted Compose file, to offer as the exposed service: the keys one
 * level under a top-level `services:`. A hint only (the API parses the file for real), so a
 * file this reading misses still deploys.
 */
export function composeServiceNames(text: string): string[] {
  const names: string[] = [];
  let inServices = false;
  let indent: number | null = null;
  for (const line of text.split('\n')) {
    if (/^\s*(#.*)?$/.test(line)) continue;
    const depth = line.length - line.trimStart().length;
    if (depth === 0) {
      inServices = /^services:\s*(#.*)?$/.test(line);
      indent = null;
      continue;
    }
    if (!inServices) continue;
    indent ??= depth;
    const key = depth === indent ? /^\s*([A-Za-z0-9_.-]+):/.exec(line) : null;
    if (key) names.push(key[1]!);
  }
  return names;
}
