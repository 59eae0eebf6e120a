import { readFileSync } from 'node:fs';
import type { ApplicationSpec } from '../../../src/engine/spec';
import { DockerDriver } from '../../../src/engine/drivers/docker/docker-driver';
import type { EdgeOptions } from '../../../src/engine/drivers/docker/edge/edge-proxy';
import {
  EngineClient,
  type EngineResponse,
  type RequestOptions,
} from '../../../src/engine/drivers/docker/engine-client';

/**
 * A separate process running one apply, for the crash test to SIGKILL half-way (the API
 * process dying mid-apply). argv: socket path, spec JSON file, N. Once the engine has
 * answered the Nth container creation it prints "paused" and waits, so the kill lands at
 * a known point rather than wherever a race puts it.
 */
const [socketPath, specFile, pauseAfter] = process.argv.slice(2);

class PausingClient extends EngineClient {
  private creations = 0;
  override async send(
    method: string,
    path: string,
    opts?: RequestOptions,
  ): Promise<EngineResponse> {
    const res = await super.send(method, path, opts);
    if (
      method === 'POST' &&
      path === '/containers/create' &&
      ++this.creations === Number(pauseAfter)
    ) {
      process.stdout.write('paused\n');
      await new Promise(() => undefined); // until SIGKILL
    }
    return res;
  }
}

const spec = JSON.parse(readFileSync(specFile!, 'utf8')) as ApplicationSpec;
const driver = new DockerDriver({
  client: new PausingClient(socketPath!),
  // test-support's TEST_HASH_KEY (not imported: that module probes the engine on load).
  hashKey: Buffer.alloc(32, 7),
  edge: JSON.parse(process.env.NDTEST_EDGE!) as EdgeOptions,
});
await driver.apply(spec);
process.stdout.write('applied\n');
await driver.close();
