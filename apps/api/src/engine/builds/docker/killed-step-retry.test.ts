import { describe, expect, it } from 'vitest';
import { BuildFailedError, BuildStepKilledError } from '../builder';
import { runKilledStepsAgain } from './killed-step-retry';

/** A build whose attempts fail with these errors in turn, then succeed. */
function attempts(...failures: Error[]) {
  let calls = 0;
  return {
    run: async () => {
      const failure = failures[calls++];
      if (failure) throw failure;
      return 'sha256:abc';
    },
    calls: () => calls,
  };
}

const killed = () => new BuildStepKilledError('signal: killed');

describe('a build whose step the engine killed on its own', () => {
  it('is run again, saying so in its log, and succeeds on the fourth attempt', async () => {
    const build = attempts(killed(), killed(), killed());
    const log: string[] = [];
    const image = await runKilledStepsAgain(
      build.run,
      new AbortController().signal,
      {
        onLog: (line) => log.push(line),
      },
      [1, 1, 1],
    );
    expect(image).toBe('sha256:abc');
    expect(build.calls()).toBe(4);
    expect(log).toEqual([
      expect.stringContaining('relancée (tentative 2 sur 4)'),
      expect.stringContaining('relancée (tentative 3 sur 4)'),
      expect.stringContaining('relancée (tentative 4 sur 4)'),
    ]);
  });

  it('fails with the fourth kill when three pauses are given', async () => {
    const build = attempts(killed(), killed(), killed(), killed());
    await expect(
      runKilledStepsAgain(build.run, new AbortController().signal, { onLog: () => {} }, [1, 1, 1]),
    ).rejects.toBeInstanceOf(BuildStepKilledError);
    expect(build.calls()).toBe(4);
  });

  it('is not run again for another failure, nor once the build is stopped', async () => {
    const failed = attempts(new BuildFailedError('exit status 1'));
    await expect(
      runKilledStepsAgain(failed.run, new AbortController().signal, { onLog: () => {} }, [1, 1, 1]),
    ).rejects.toThrow('exit status 1');
    expect(failed.calls()).toBe(1);
    const stop = new AbortController();
    stop.abort();
    const stopped = attempts(killed());
    await expect(
      runKilledStepsAgain(stopped.run, stop.signal, { onLog: () => {} }, [1, 1, 1]),
    ).rejects.toBeInstanceOf(BuildStepKilledError);
    expect(stopped.calls()).toBe(1);
  });

  it('is not run again when the build is stopped during the pause', async () => {
    const stop = new AbortController();
    const build = attempts(killed(), killed());
    const log: string[] = [];
    const running = runKilledStepsAgain(
      build.run,
      stop.signal,
      { onLog: (l) => log.push(l) },
      [60_000],
    );
    await new Promise((r) => setTimeout(r, 50));
    stop.abort();
    await expect(running).rejects.toBeInstanceOf(BuildStepKilledError);
    // The first attempt only: the stop came during the pause before the second.
    expect(build.calls()).toBe(1);
    expect(log).toHaveLength(1);
  });
});
