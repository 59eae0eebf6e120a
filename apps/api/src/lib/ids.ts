const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Path ids that are not UUIDs cannot name anything: callers answer 404, not a database error. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
