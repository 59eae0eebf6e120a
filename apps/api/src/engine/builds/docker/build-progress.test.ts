import { describe, expect, it } from 'vitest';
import { BuildProgressParser, failureMessage } from './build-progress';

const feed = (parser: BuildProgressParser, text: string, cut = 7) => {
  // The engine's chunks end anywhere, JSON objects and lines alike.
  for (let i = 0; i < text.length; i += cut) parser.push(Buffer.from(text.slice(i, i + cut)));
  return parser.end();
};
const json = (...messages: object[]) => messages.map((m) => `${JSON.stringify(m)}\r\n`).join('');

describe('the /build progress stream', () => {
  it("Docker's builder: steps, output lines, pull status without progress bars, the failure", () => {
    const lines: string[] = [];
    const progress = feed(
      new BuildProgressParser((l) => lines.push(l)),
      json(
        { stream: 'Step 1/3 : FROM node:20\n' },
        { status: 'Pulling fs layer', id: 'abc' },
        { status: 'Downloading', progress: '[==>   ]', id: 'abc' },
        { stream: 'Step 2/3 : RUN npm run build\n' },
        {
          stream:
            ' ---> Running in 1234\n\u001b[31mSyntaxError: Unexpected token\u001b[0m\nline two',
        },
        { stream: ' continues\n' },
        {
          errorDetail: {
            code: 1,
            message: "The command '/bin/sh -c npm run build' returned a non-zero code: 1",
          },
          error: 'x',
        },
      ),
    );
    expect(lines).toEqual([
      'Step 1/3 : FROM node:20',
      'abc: Pulling fs layer',
      'Step 2/3 : RUN npm run build',
      ' ---> Running in 1234',
      'SyntaxError: Unexpected token',
      'line two continues',
      "Erreur : The command '/bin/sh -c npm run build' returned a non-zero code: 1",
    ]);
    expect(failureMessage(progress)).toBe(
      "La construction a échoué à l'étape « RUN npm run build » : The command '/bin/sh -c npm run build' returned a non-zero code: 1 — dernière sortie : line two continues",
    );
  });

  it("Podman's builder: STEP lines and the image id", () => {
    const progress = feed(
      new BuildProgressParser(() => {}),
      json(
        { stream: 'STEP 1/2: FROM busybox\n' },
        { stream: 'STEP 2/2: CMD ["sh"]\n' },
        { stream: 'COMMIT x\n' },
        { aux: { ID: `sha256:${'1'.repeat(64)}` } },
      ),
      3,
    );
    expect(progress.lastStep).toBe('CMD ["sh"]');
    expect(progress.imageId).toBe(`sha256:${'1'.repeat(64)}`);
    expect(progress.error).toBeNull();
  });
});
