import { timestamp } from 'drizzle-orm/pg-core';

/** Every timestamp is stored with its time zone; the API answers ISO 8601 in UTC. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
