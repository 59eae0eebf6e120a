import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

const zodSerializer = createSerializerCompiler({});
type RouteSchema = Parameters<typeof zodSerializer>[0];

/**
 * Answers are written by a serializer compiled once per route from the route's zod response
 * schema (fast-json-stringify on its JSON Schema): like zod, it writes only the declared fields
 * (a row's other columns never leak), without walking the answer through zod on every request,
 * which cost a large answer (the dashboard's 400 applications) most of its CPU (issue 32). A
 * schema JSON Schema cannot express keeps zod's serializer.
 *
 * `check` (the tests) runs both and fails a request whose answers differ, or that zod refuses,
 * so every test that reads an answer also proves the compiled serializer right for it.
 */
export function responseSerializerCompiler({
  check,
}: {
  check: boolean;
}): FastifySerializerCompiler<unknown> {
  return (route) => {
    const viaZod = zodSerializer(route as RouteSchema);
    // Compiled at the route's first answer: compiling the ~200 routes' serializers at start
    // cost ~40 MiB of memory for routes a process may never serve.
    let compiled: ((data: unknown) => string) | undefined;
    const serialize = (data: unknown) => (compiled ??= compile(route.schema) ?? viaZod)(data);
    if (!check) return serialize;
    return (data) => {
      const expected = viaZod(data);
      const written = serialize(data);
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `the compiled serializer of ${route.method} ${route.url} (${route.httpStatus}) wrote ${written.slice(0, 2000)} where zod wrote ${expected.slice(0, 2000)}`,
        );
      }
      return written;
    };
  };
}

function compile(schema: unknown): ((data: unknown) => string) | null {
  // The shared schemas are zod/mini's: core types, not zod classic's ZodType.
  const zodSchema =
    schema instanceof $ZodType
      ? schema
      : (schema as { properties?: unknown } | null)?.properties instanceof $ZodType
        ? (schema as { properties: $ZodType }).properties
        : null;
  if (!zodSchema) return null;
  try {
    const json = z.toJSONSchema(zodSchema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
    });
    return fastJson(lenient(json) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    return null;
  }
}

/**
 * The JSON Schema without `additionalProperties: false`: fast-json-stringify writes only the
 * declared properties anyway, and it picks a union's branch by validating the value, which an
 * extra field must not fail (zod strips it and takes the branch).
 */
function lenient(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(lenient);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' && value === false) continue;
    copy[key] = lenient(value);
  }
  return copy;
}
