import { expect } from 'vitest';
import type { CallResponse } from './factories';

export interface FieldIssueBody {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** The response is `status` with exactly `{ detail }` (a French sentence). */
export function expectDetail(res: CallResponse, status: number, detail: string) {
  expect({ status: res.statusCode, body: res.json<unknown>() }).toEqual({
    status,
    body: { detail },
  });
}

/** A 422 whose `detail` lists `msg` for the field at `loc` (e.g. ['body', 'email']). */
export function expectFieldError(res: CallResponse, loc: (string | number)[], msg: string) {
  expect(res.statusCode, res.body).toBe(422);
  const issues = res.json<{ detail: FieldIssueBody[] }>().detail;
  expect(issues).toContainEqual(expect.objectContaining({ loc, msg }));
}

/** The messages of a 422, in order. */
export function fieldMessages(res: CallResponse): string[] {
  return res.json<{ detail: FieldIssueBody[] }>().detail.map((i) => i.msg);
}
