/** One entry of GET /users/me/sessions: `z.infer` of schemas/responses/sessions.ts. */
export type { ActiveSession } from './schemas/responses/sessions';
