import { API_KEY_RATE_LIMIT } from '@relaycast/shared/public-api';
import { z } from 'zod';
import type { RegisteredRoute } from '../../plugins/authenticate-first';
import { PUBLIC_API_BASE, PUBLIC_API_ROUTES, type PublicApiRoute } from './public-api';

/**
 * The OpenAPI 3.1 document of `/api/v1` (`GET /api/v1/openapi.json`), generated from the zod schemas the app's
 * routes validate with (zod 4's own JSON Schema output, draft 2020-12 as OpenAPI 3.1 uses): the document and
 * the validation cannot disagree. Routes without a body schema (the media upload) are described here.
 */

type JsonSchema = Record<string, unknown>;

interface RouteSchemas {
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  response?: Record<string, z.ZodType>;
}

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return json;
}

/** Path or query parameters from an object schema's properties. */
function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

const ERROR_RESPONSE = {
  description: 'An error',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

const MEDIA_UPLOAD_BODY = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
        required: ['file'],
      },
    },
  },
};

/** Request examples shown in the document; a test sends each one to the API and expects it accepted. */
export const OPENAPI_EXAMPLES: Record<string, unknown> = {
  'POST /posts': {
    content: 'New episode out now! Link in bio.',
    platforms: ['twitter', 'mastodon', 'linkedin'],
    firstComment: 'Listen here: https://example.com/episodes/42',
    action: 'schedule',
    scheduledAt: '2030-06-03T09:00:00+02:00',
    timezone: 'Europe/Paris',
  },
  'PATCH /posts/:id/schedule': { scheduledAt: '2030-06-04T12:00:00+02:00', timezone: 'Europe/Paris' },
};

function findRoute(routes: readonly RegisteredRoute[], route: PublicApiRoute): RegisteredRoute | undefined {
  return routes.find(
    (candidate) => candidate.url === `/api${route.path}` && candidate.methods.includes(route.method),
  );
}

export function buildOpenApiDocument(routes: readonly RegisteredRoute[], serverUrl = '/'): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of PUBLIC_API_ROUTES) {
    const registered = findRoute(routes, route);
    if (!registered) throw new Error(`public API route ${route.method} ${route.path} has no app route`);
    const schemas = (registered.options.schema ?? {}) as RouteSchemas;
    const responses: Record<string, unknown> = {};
    for (const [status, schema] of Object.entries(schemas.response ?? {})) {
      responses[status] = {
        description: 'Success',
        content: { 'application/json': { schema: jsonSchemaOf(schema, 'output') } },
      };
    }
    if (Object.keys(responses).length === 0) {
      responses[route.method === 'DELETE' ? '204' : '200'] = { description: 'Success' };
    }
    Object.assign(responses, {
      '400': ERROR_RESPONSE,
      '401': ERROR_RESPONSE,
      '403': ERROR_RESPONSE,
      '404': ERROR_RESPONSE,
      '429': ERROR_RESPONSE,
    });
    const operation: Record<string, unknown> = {
      operationId: route.operationId,
      summary: route.summary,
      security: [{ bearer: [] }, { apiKeyHeader: [] }],
      parameters: [...parametersOf(schemas.params, 'path'), ...parametersOf(schemas.querystring, 'query')],
      responses,
    };
    if (schemas.body) {
      const example = OPENAPI_EXAMPLES[`${route.method} ${route.path}`];
      operation.requestBody = {
        required: true,
        content: {
          'application/json': {
            schema: jsonSchemaOf(schemas.body, 'input'),
            ...(example === undefined ? {} : { example }),
          },
        },
      };
    } else if (route.method === 'POST' && route.path === '/media') {
      operation.requestBody = MEDIA_UPLOAD_BODY;
    }
    const path = `${PUBLIC_API_BASE}${route.path.replace(/:(\w+)/g, '{$1}')}`;
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Relaycast public API',
      version: 'v1',
      description: `Send an API key from Settings → Security as "Authorization: Bearer <key>" or in an "x-api-key" header. Read-only keys may only GET. ${API_KEY_RATE_LIMIT.requests} requests per user (all their keys together) per ${API_KEY_RATE_LIMIT.windowSeconds} s; every answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset.`,
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      },
      schemas: {
        Error: {
          type: 'object',
          properties: {
            code: { type: 'string' },
            message: { type: 'string' },
            issues: {
              type: 'array',
              items: {
                type: 'object',
                properties: { path: { type: 'string' }, message: { type: 'string' } },
                required: ['path', 'message'],
              },
            },
          },
          required: ['code', 'message'],
        },
      },
    },
    paths,
  };
}
