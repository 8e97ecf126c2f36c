import fc from 'fast-check';
import { type ZodType, z } from 'zod';

/**
 * Generators of malformed HTTP input for the route fuzz test. Bodies are shaped by the route's own schema
 * (its JSON Schema form) so that many requests pass validation and reach the service and the database, with
 * one or more values replaced by something hostile.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  propertyNames?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  minimum?: number;
  maximum?: number;
};

/** Strings PostgreSQL, the JSON encoder or a length check might choke on. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udc00', '\udbff\udbff') },
  fc.constantFrom('', ' ', '%00', '../..', 'null'),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(10_000, 300_000).map((length) => 'x'.repeat(length)),
  fc.constantFrom('2026-13-45T99:99:99Z', '-1', '1e308', 'NaN', 'javascript:alert(1)', 'http://[::1'),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, [], {}),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

/** A string of the shape a field expects (by format), so the request gets past validation. */
function plausibleString(format: string | undefined): fc.Arbitrary<string> {
  if (format === 'date-time') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  if (format === 'email') return fc.constant('someone@example.com');
  if (format === 'uri' || format === 'url') return fc.constant('https://example.com/a');
  if (format === 'uuid') return fc.uuid();
  return fc.string({ maxLength: 20 });
}

function fromSchema(schema: JsonSchema | boolean | undefined, depth: number): fc.Arbitrary<unknown> {
  if (schema === undefined || typeof schema === 'boolean' || depth > 6) return hostileValue;
  const hostile = { weight: 1, arbitrary: hostileValue };
  if (schema.enum) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, hostile);
  if (schema.const !== undefined)
    return fc.oneof({ weight: 4, arbitrary: fc.constant(schema.const) }, hostile);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((option) => fromSchema(option, depth + 1)));
  }
  if (schema.allOf?.[0]) return fromSchema(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return fc.oneof({ weight: 6, arbitrary: objectFromSchema(schema, depth) }, hostile);
    case 'array':
      return fc.oneof(
        { weight: 4, arbitrary: fc.array(fromSchema(schema.items, depth + 1), { maxLength: 3 }) },
        hostile,
      );
    case 'string':
      return fc.oneof(
        { weight: 2, arbitrary: plausibleString(schema.format) },
        { weight: 3, arbitrary: hostileString },
      );
    case 'integer':
    case 'number':
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: schema.minimum ?? -10, max: schema.maximum ?? 1000 }) },
        hostile,
      );
    case 'boolean':
      return fc.oneof({ weight: 4, arbitrary: fc.boolean() }, hostile);
    case 'null':
      return fc.oneof(fc.constant(null), hostile);
    default:
      return hostileValue;
  }
}

function objectFromSchema(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const keyed = Object.fromEntries(names.map((name) => [name, fromSchema(properties[name], depth + 1)]));
  const known = fc.record(keyed, { requiredKeys: (schema.required ?? []).filter((key) => key in keyed) });
  const extra = schema.additionalProperties;
  if (names.length === 0 && extra && typeof extra === 'object') {
    // A record such as per-platform overrides: keys from the allowed names when there is a list.
    const keys = schema.propertyNames?.enum
      ? fc.constantFrom(...(schema.propertyNames.enum as string[]))
      : hostileString;
    return fc.dictionary(keys, fromSchema(extra, depth + 1), { maxKeys: 3 });
  }
  return known;
}

/** The route schema's JSON Schema form (input side), or undefined when it has none or cannot be converted. */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return undefined;
  try {
    return z.toJSONSchema(schema as ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
}

/** Values shaped by the schema (most of them), or hostile JSON of any shape. */
export function valueFor(schema: unknown): fc.Arbitrary<unknown> {
  const json = jsonSchemaOf(schema);
  return json ? fromSchema(json, 0) : hostileValue;
}

export interface FuzzBody {
  contentType?: string;
  payload?: string;
}

const deepJson = fc
  .tuple(fc.constantFrom(65, 1_000, 10_000, 100_000), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? '['.repeat(depth) + ']'.repeat(depth) : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/** A request body: schema-shaped JSON, random JSON, deep nesting, broken JSON, or another content type. */
export function bodyFor(schema: unknown): fc.Arbitrary<FuzzBody> {
  const json = (value: unknown) => ({
    contentType: 'application/json',
    payload: JSON.stringify(value) ?? 'null',
  });
  return fc.oneof(
    { weight: 6, arbitrary: valueFor(schema).map(json) },
    { weight: 2, arbitrary: fc.jsonValue().map(json) },
    { weight: 1, arbitrary: deepJson.map((payload) => ({ contentType: 'application/json', payload })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{', '{"a":}', '', 'nul', '"\\ud800"', '{"__proto__":{"x":1}}', '{"a":"\\u0000"}')
        .map((payload) => ({ contentType: 'application/json', payload })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/octet-stream',
            'multipart/form-data; boundary=x',
            'application/json; charset=latin1',
            'application/xml',
          ),
          fc.oneof(
            hostileString,
            valueFor(schema).map((value) => JSON.stringify(value) ?? ''),
          ),
        )
        .map(([contentType, payload]) => ({ contentType, payload })),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

/** One URL segment, already percent-encoded: hostile text, broken escapes, or an ordinary-looking id. */
export const pathSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('%00', 'a%00', '%ED%A0%80') },
  fc.constantFrom('%FF', '%', '%zz', '%2F', '%2e%2e', 'x', '0', '-1', 'null'),
  hostileString.map(encodeSegment),
  fc.uuid(),
);

const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** encodeURIComponent, which throws on a lone surrogate: a URL carries bytes, so those become U+FFFD. */
export function encodeSegment(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATES, '\ufffd'));
}

/** A query string (with its `?`), with keys of the route's query schema and hostile values. */
export function queryFor(schema: unknown): fc.Arbitrary<string> {
  const keys = Object.keys(jsonSchemaOf(schema)?.properties ?? {});
  const key =
    keys.length > 0
      ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 5 }))
      : fc.string({ maxLength: 5 });
  const pair = fc.tuple(key, pathSegment).map(([name, value]) => `${encodeSegment(name)}=${value}`);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    {
      weight: 4,
      arbitrary: fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => `?${pairs.join('&')}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('?%00', '?a[b][c]=1', '?a=1&a=2', `?${'a=1&'.repeat(2_000)}`, '?='),
    },
  );
}

export const oddMethod = fc.constantFrom(
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'PROPFIND',
);
