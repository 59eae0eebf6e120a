import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse-parser';

const stream =
  ': ping\n\n' +
  'id: 1\nevent: log\ndata: {"seq":1,"line":"npm ci"}\n\n' +
  'id: 2\r\nevent: log\r\ndata: {"seq":2,"line":"added 120 packages"}\r\n\r\n' +
  'event: end\ndata: {"status":"success"}\n\n';

const expected: SseEvent[] = [
  { id: '1', event: 'log', data: '{"seq":1,"line":"npm ci"}' },
  { id: '2', event: 'log', data: '{"seq":2,"line":"added 120 packages"}' },
  { id: null, event: 'end', data: '{"status":"success"}' },
];

describe('createSseParser', () => {
  it('reads log, status and end events and skips heartbeat comments', () => {
    expect(createSseParser().push(stream)).toEqual(expected);
  });

  it('gives the same events whatever the chunk boundaries (mid-line, mid-CRLF, one char at a time)', () => {
    for (const size of [1, 2, 3, 7, 13]) {
      const parser = createSseParser();
      const events: SseEvent[] = [];
      for (let i = 0; i < stream.length; i += size) {
        events.push(...parser.push(stream.slice(i, i + size)));
      }
      expect(events, `chunks of ${size}`).toEqual(expected);
    }
  });

  it('splits exactly between \\r and \\n without seeing an extra blank line', () => {
    const parser = createSseParser();
    const first = parser.push('id: 5\r');
    const second = parser.push('\ndata: x\r');
    const third = parser.push('\n\r\n');
    expect([...first, ...second]).toEqual([]);
    expect(third).toEqual([{ id: '5', event: 'message', data: 'x' }]);
  });

  it('holds back an event whose blank line has not arrived (a cut connection shows nothing half-done)', () => {
    const parser = createSseParser();
    expect(parser.push('id: 9\nevent: log\ndata: {"seq":9,"li')).toEqual([]);
  });

  it('joins multi-line data and accepts fields without a space after the colon', () => {
    expect(createSseParser().push('event:status\ndata:a\ndata: b\n\n')).toEqual([
      { id: null, event: 'status', data: 'a\nb' },
    ]);
  });
});
