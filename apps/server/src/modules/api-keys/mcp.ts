import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { API_KEY_ERROR_CODES, API_KEY_MESSAGES } from '@relaycast/shared/api-keys';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { authenticateApiKey } from './api-keys.service';
import { apiKeyOf, PUBLIC_API_BASE } from './public-api';

/**
 * The MCP endpoint (`POST /api/v1/mcp`, Streamable HTTP, stateless, JSON answers): the public API's operations
 * as MCP tools, so an AI assistant can list, draft and schedule posts with an API key. Each tool is one
 * operation of the OpenAPI document (its operationId, summary and JSON Schemas), and calling it sends that
 * operation to `/api/v1` with the caller's own key: the same validation, scopes and rate limit apply.
 */

type JsonSchema = Record<string, unknown>;

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        summary: string;
        parameters?: { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

export interface McpTool {
  name: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  hasBody: boolean;
}

/** The tools: one per operation that takes JSON (the multipart media upload is left to the REST API). */
export function toolsOf(document: OpenApiDocument): McpTool[] {
  const tools: McpTool[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const content = operation.requestBody?.content ?? {};
      if (content['multipart/form-data']) continue;
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      const pathParams: string[] = [];
      const queryParams: string[] = [];
      for (const parameter of operation.parameters ?? []) {
        properties[parameter.name] = parameter.schema;
        if (parameter.required) required.push(parameter.name);
        (parameter.in === 'path' ? pathParams : queryParams).push(parameter.name);
      }
      const body = content['application/json']?.schema;
      if (body) {
        properties.body = body;
        required.push('body');
      }
      tools.push({
        name: operation.operationId,
        description: `${operation.summary} (${method.toUpperCase()} ${path})`,
        inputSchema: { type: 'object', properties, required },
        method: method.toUpperCase(),
        path,
        pathParams,
        queryParams,
        hasBody: Boolean(body),
      });
    }
  }
  return tools;
}

function urlOf(tool: McpTool, args: Record<string, unknown>): string {
  let url = tool.path;
  for (const name of tool.pathParams) {
    url = url.replace(`{${name}}`, encodeURIComponent(String(args[name] ?? '')));
  }
  const query = new URLSearchParams();
  for (const name of tool.queryParams) {
    const value = args[name];
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${url}?${search}` : url;
}

function createMcpServer(app: FastifyInstance, tools: McpTool[], apiKey: string): Server {
  const server = new Server({ name: 'relaycast', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools.find((candidate) => candidate.name === request.params.name);
    if (!tool) {
      return {
        isError: true,
        content: [{ type: 'text' as const, text: `Unknown tool ${request.params.name}.` }],
      };
    }
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    const response = await app.inject({
      method: tool.method as 'GET',
      url: urlOf(tool, args),
      headers: {
        authorization: `Bearer ${apiKey}`,
        ...(tool.hasBody ? { 'content-type': 'application/json' } : {}),
      },
      ...(tool.hasBody ? { payload: JSON.stringify(args.body ?? {}) } : {}),
    });
    const ok = response.statusCode >= 200 && response.statusCode < 300;
    return {
      isError: !ok,
      content: [{ type: 'text' as const, text: response.body || `HTTP ${response.statusCode}` }],
    };
  });
  return server;
}

/** Registers `POST /api/v1/mcp` (GET and DELETE answer 405: stateless, no server-sent stream). */
export function registerMcpEndpoint(
  app: FastifyInstance,
  db: Db,
  openApiDocument: () => Record<string, unknown>,
): void {
  let tools: McpTool[] | undefined;
  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const apiKey = apiKeyOf(request);
    if (!apiKey) throw new AppError(API_KEY_ERROR_CODES.missing, 401, API_KEY_MESSAGES.missing);
    // The key is checked up front; each tool call then goes through the public API's own checks.
    await authenticateApiKey(db, apiKey);
    tools ??= toolsOf(openApiDocument() as unknown as OpenApiDocument);
    const server = createMcpServer(app, tools, apiKey);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (name === 'content-length' || name === 'host' || name === 'connection') continue;
        if (typeof value === 'string') headers.set(name, value);
        else if (Array.isArray(value)) headers.set(name, value.join(', '));
      }
      const answer = await transport.handleRequest(
        new Request(new URL(request.url, 'http://relaycast.local'), { method: request.method, headers }),
        { parsedBody: request.body },
      );
      reply.status(answer.status);
      answer.headers.forEach((value, name) => {
        if (name !== 'content-length') reply.header(name, value);
      });
      const text = await answer.text();
      return reply.send(text.length > 0 ? text : null);
    } finally {
      await server.close();
    }
  }
  app.post(`${PUBLIC_API_BASE}/mcp`, { config: { auth: 'public' } }, handle);
}
