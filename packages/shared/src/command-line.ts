/**
 * A command typed on one line, as its arguments: split on spaces, with "double" or 'single'
 * quotes keeping spaces inside one argument (as a shell would, without any expansion: no
 * variable, glob or pipe is interpreted). Null when a quote is left open.
 */
export function splitCommand(line: string): string[] | null {
  const args: string[] = [];
  let current = '';
  let inArg = false;
  let quote: '"' | "'" | null = null;
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = null;
      else current += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      inArg = true;
    } else if (/\s/.test(ch)) {
      if (inArg) args.push(current);
      current = '';
      inArg = false;
    } else {
      current += ch;
      inArg = true;
    }
  }
  if (quote) return null;
  if (inArg) args.push(current);
  return args;
}
