/** One Server-Sent Event (WHATWG "event stream interpretation"). */
export interface SseEvent {
  /** The `id:` field, when the event carried one. */
  id: string | null;
  /** `event:` field, 'message' by default. */
  event: string;
  /** The `data:` lines joined by '\n'. */
  data: string;
}

/**
 * An incremental text/event-stream parser: feed it the decoded text as it arrives, in chunks
 * cut anywhere (mid-line, mid-'\r\n'); it returns the events completed by each chunk. Comments
 * (': ping') are ignored; an event is dispatched at the blank line that ends it, so a line cut
 * by a dropped connection is never half-shown.
 */
export function createSseParser() {
  let buffer = '';
  /** A chunk ended on '\r': a '\n' starting the next chunk belongs to the same line end. */
  let pendingCr = false;
  let id: string | null = null;
  let event = '';
  let data: string[] = [];

  const processLine = (line: string, out: SseEvent[]) => {
    if (line === '') {
      if (data.length > 0) out.push({ id, event: event || 'message', data: data.join('\n') });
      id = null;
      event = '';
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
  };

  return {
    push(chunk: string): SseEvent[] {
      const out: SseEvent[] = [];
      let text = chunk;
      if (pendingCr && text.startsWith('\n')) text = text.slice(1);
      pendingCr = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        processLine(buffer.slice(start, i), out);
        if (c === '\r') {
          if (i + 1 === buffer.length) pendingCr = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
  };
}
