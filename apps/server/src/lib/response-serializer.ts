import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySerializerCompiler<unknown>>[0];

/**
 * Response serializers compiled once per route: the route's zod response schema is turned into a JSON
 * Schema and compiled by fast-json-stringify, which writes only the schema's properties (nothing the
 * schema does not name can leak). Validating every answer with zod cost more than the query on the read
 * path, so production skips it; with `verify` (tests) every answer is produced both ways and must match,
 * so the suite proves the compiled serializer says exactly what the zod schema would. A schema that has
 * no JSON Schema form keeps the zod serializer.
 */
export function createResponseSerializerCompiler(options: { verify: boolean }) {
  return (route: RouteSchema) => {
    const zodSerialize = serializerCompiler(route as never) as (data: unknown) => string;
    const compiled = compile(route.schema);
    if (!compiled) return zodSerialize;
    if (!options.verify) return compiled;
    return (data: unknown) => {
      const expected = zodSerialize(data);
      const actual = compiled(data);
      if (!isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected)))
        throw new Error(
          `${route.method} ${route.url}: the compiled serializer differs from the zod schema: ${actual} vs ${expected}`,
        );
      return actual;
    };
  };
}

function compile(schema: unknown): ((data: unknown) => string) | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    return fastJson(json as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    return null;
  }
}
