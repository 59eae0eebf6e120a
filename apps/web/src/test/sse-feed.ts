import type { BuildLogLine, BuildSummary } from '@nuage/shared/build-types';

/**
 * A text/event-stream body the test writes to as the server would (for `FakeReply.stream`):
 * `log`, `status` and `end` events of GET /builds/{id}/logs, raw text (to cut a line in two),
 * and `cut()` to drop the connection before `end`.
 */
export function createSseFeed() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const feed = {
    stream,
    raw(text: string) {
      controller.enqueue(encoder.encode(text));
      return feed;
    },
    log(seq: number, line: string) {
      const data: BuildLogLine = { seq, line, at: '2025-01-10T09:00:00.000Z' };
      return feed.raw(`id: ${seq}\nevent: log\ndata: ${JSON.stringify(data)}\n\n`);
    },
    status(build: BuildSummary) {
      return feed.raw(`event: status\ndata: ${JSON.stringify(build)}\n\n`);
    },
    end(build: BuildSummary) {
      feed.raw(`event: end\ndata: ${JSON.stringify(build)}\n\n`);
      controller.close();
    },
    /** The connection drops (proxy timeout, server restart) before the build's end. */
    cut() {
      controller.close();
    },
  };
  return feed;
}
