import { builderFailureTexts, builderLogTexts } from '@nuage/shared/messages/builder';
/**
 * The Engine API's `/build` answer: one JSON object per line — `{stream}` output (Docker's
 * "Step 2/5 : RUN …", Podman's "STEP 2/5: RUN …"), `{status}` pull progress, `{aux: {ID}}` the
 * image id, `{error, errorDetail}` the failure. Chunks split lines anywhere.
 */
export interface BuildProgress {
  imageId: string | null;
  error: string | null;
  /** The step running when the build stopped ("RUN npm run build"). */
  lastStep: string | null;
  /** The last lines of output, for the failure message. */
  tail: string[];
}

export class BuildProgressParser {
  private buffer = '';
  private pending = '';
  readonly progress: BuildProgress = { imageId: null, error: null, lastStep: null, tail: [] };

  constructor(private readonly onLog: (line: string) => void) {}

  push(chunk: Buffer): void {
    this.buffer += chunk.toString('utf8');
    let nl: number;
    while ((nl = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, nl).trim();
      this.buffer = this.buffer.slice(nl + 1);
      if (line) this.message(line);
    }
  }

  end(): BuildProgress {
    if (this.buffer.trim()) this.message(this.buffer.trim());
    this.buffer = '';
    if (this.pending) this.output(this.pending);
    this.pending = '';
    return this.progress;
  }

  private message(line: string): void {
    let msg: {
      stream?: string;
      status?: string;
      progress?: string;
      id?: string;
      error?: string;
      errorDetail?: { message?: string };
      aux?: { ID?: string };
    };
    try {
      msg = JSON.parse(line) as typeof msg;
    } catch {
      this.output(line);
      return;
    }
    if (msg.aux?.ID) this.progress.imageId = msg.aux.ID;
    if (typeof msg.stream === 'string') {
      // Output arrives in pieces that do not end at line ends.
      const text = this.pending + msg.stream;
      const lines = text.split(/\r?\n/);
      this.pending = lines.pop() ?? '';
      for (const l of lines) this.output(l);
    }
    // Pull progress bars repeat many times a second: only the status changes are logged.
    if (typeof msg.status === 'string' && !msg.progress)
      this.output(msg.id ? `${msg.id}: ${msg.status}` : msg.status);
    if (msg.error || msg.errorDetail?.message) {
      this.progress.error = (msg.errorDetail?.message ?? msg.error ?? '').trim();
      this.onLog(builderLogTexts.error(this.progress.error));
    }
  }

  private output(raw: string): void {
    // Colours out; a runaway line (minified output) is cut, not sent whole to every viewer.
    const line = raw
      // eslint-disable-next-line no-control-regex -- the escape character of terminal colours
      .replace(/\x1b\[[0-9;]*[A-Za-z]/g, '')
      .replace(/\s+$/, '')
      .slice(0, 4000);
    if (!line) return;
    const step = /^(?:STEP|Step) \d+\/\d+ ?: (.*)$/.exec(line);
    if (step) this.progress.lastStep = step[1]!.trim();
    // Docker's and Podman's builders report an image id line too (`Successfully built`, `COMMIT`).
    if (/^sha256:[0-9a-f]{64}$|^[0-9a-f]{64}$/.test(line) && !this.progress.imageId)
      this.progress.imageId = line;
    this.progress.tail.push(line);
    if (this.progress.tail.length > 20) this.progress.tail.shift();
    this.onLog(line);
  }
}

/** The French failure message: the failing step and what it printed last. */
export function failureMessage(progress: BuildProgress): string {
  const step = progress.lastStep ? progress.lastStep.slice(0, 200) : null;
  const noise = /^(STEP|Step) \d+|^-->|^COMMIT|^Removing intermediate|^ ---> |^Erreur :/;
  const output = [...progress.tail].reverse().find((l) => !noise.test(l) && l !== progress.error);
  const detail = [
    progress.error,
    output && output !== progress.error ? builderFailureTexts.lastOutput(output) : null,
  ]
    .filter(Boolean)
    .join(' — ');
  return builderFailureTexts.failedAtStep(step, detail).slice(0, 2000);
}
