import { validation } from '@nuage/shared/messages';
import type { FastifyInstance } from 'fastify';
import { FieldValidationError } from '../lib/errors';

/**
 * Text no field of any request may hold: the NUL character (PostgreSQL refuses it in text and
 * jsonb: the insert failed with a 500) and a lone UTF-16 surrogate, half of a character that
 * JSON can spell (`"\ud800"`) but that is no character at all (jsonb refuses its escape; a text
 * column would silently store U+FFFD instead of what was sent).
 */
const INVALID_TEXT =
  // eslint-disable-next-line no-control-regex -- matching NUL is the point
  /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isInvalidText(text: string): boolean {
  return INVALID_TEXT.test(text);
}

type Path = (string | number)[];

/**
 * The path of the first string (value or object key) of a parsed JSON value that holds invalid
 * text, or null. Walked with a stack, not recursion, each entry linked to its parent (the path
 * is built only for the offending string): a deeply nested body costs linear time and cannot
 * overflow the call stack.
 */
export function findInvalidText(value: unknown): Path | null {
  interface Entry {
    value: unknown;
    key: string | number | null;
    parent: Entry | null;
  }
  const pathOf = (entry: Entry | null, last?: string): Path => {
    const path: Path = last === undefined ? [] : [last];
    for (let e = entry; e && e.key !== null; e = e.parent) path.unshift(e.key);
    return path;
  };
  const stack: Entry[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const v = entry.value;
    if (typeof v === 'string') {
      if (isInvalidText(v)) return pathOf(entry);
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, key: i, parent: entry }));
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [key, item] of Object.entries(v)) {
        if (isInvalidText(key)) return pathOf(entry, key);
        stack.push({ value: item, key, parent: entry });
      }
    }
  }
  return null;
}

/**
 * One guard for every string of every route — body, query string and path parameters — before
 * the route's own validation: a refinement on each of the many string fields of the shared
 * schemas could be forgotten on the next one, this cannot. Refused with 422 and the field's place.
 */
export function registerTextInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const parts: [string, unknown][] = [
      ['body', request.body],
      ['querystring', request.query],
      ['params', request.params],
    ];
    for (const [where, value] of parts) {
      const path = findInvalidText(value);
      if (path)
        throw new FieldValidationError([
          { loc: [where, ...path], msg: validation.invalidCharacters, type: 'invalid_characters' },
        ]);
    }
  });
}
