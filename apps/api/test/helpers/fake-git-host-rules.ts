import type { IncomingHttpHeaders } from 'node:http';

/**
 * The shapes the fake Git hosts share: what fake-github-rules.ts and fake-gitlab-rules.ts check
 * on a preview reporter's calls, and what fake-git-host.ts keeps and answers.
 */

export type FakeProvider = 'github' | 'gitlab' | 'gitea';
export interface Answer {
  status: number;
  body: unknown;
}
export interface FakeStatus {
  repository: string;
  sha: string;
  state: string;
  context: string;
  description: string | null;
  targetUrl: string | null;
}
export interface FakeComment {
  id: number;
  provider: FakeProvider;
  repository: string;
  number: number;
  body: string;
  /** How many times it was edited after its creation. */
  updates: number;
}
export interface HostState {
  statuses: Record<FakeProvider, FakeStatus[]>;
  comments: Map<number, FakeComment>;
  nextId(): number;
}
type Body = Record<string, unknown>;
export interface Route {
  method: string;
  pattern: RegExp;
  handle(match: string[], body: Body, state: HostState): Answer;
}
export interface ProviderRules {
  /** Where its API root sits on the fake server. */
  prefix: string;
  /** The refusal of a request's headers (authentication first), or null. */
  refuse(headers: IncomingHttpHeaders, token: string): Answer | null;
  notFound: Answer;
  routes: Route[];
}

export const optionalString = (value: unknown) =>
  value === undefined || value === null || typeof value === 'string';
export const text = (value: unknown) => (typeof value === 'string' ? value : null);
export const SHA = '([0-9a-f]{40})';
export const bearerOrToken = (headers: IncomingHttpHeaders, token: string) =>
  /^(?:token|bearer) (\S+)$/i.exec(headers.authorization ?? '')?.[1] === token;
