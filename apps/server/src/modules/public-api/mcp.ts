import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { API_KEY_MESSAGES } from '@relaycast/shared/public-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { capRequestBody, unreadBodyHeaders } from '../../lib/request-body';
import { mediaLimitsOf } from '../workspaces/plan-status';
import { type ApiKeyContext, authenticateApiKey } from './api-keys.service';
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
  /** The operation takes a file (multipart/form-data, field "file"): the tool takes it as base64. */
  upload?: boolean;
}

/** The largest file the MCP upload tool takes (decoded); bigger files go through the REST upload. */
export const MCP_UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
/** Room for the JSON-RPC envelope around a tool's arguments. */
const MCP_ENVELOPE_BYTES = 64 * 1024;
/** The endpoint's body limit: the base64 of the largest upload, plus room for the JSON-RPC envelope. */
const MCP_BODY_LIMIT = Math.ceil((MCP_UPLOAD_MAX_BYTES * 4) / 3) + MCP_ENVELOPE_BYTES;
/** A read-only key calls read tools only, whose arguments are an id or a few filters (decision 0060). */
export const MCP_READ_ONLY_BODY_LIMIT = MCP_ENVELOPE_BYTES;

/** What decides a workspace's file limit (workspaces/plan-status.ts `mediaLimitsOf`). */
export type McpLimitsConfig = Parameters<typeof mediaLimitsOf>[1];

/**
 * The most a key may send in one request, known before its body is read: a read-only key, a small envelope; a
 * write key, the base64 of the largest file its workspace may upload through MCP (the workspace's file limit,
 * the plan's or the install's as mediaLimitsOf says, at most MCP_UPLOAD_MAX_BYTES) plus the envelope.
 */
export function mcpBodyLimit(key: Pick<ApiKeyContext, 'scopes' | 'workspace'>, limits: McpLimitsConfig) {
  if (!key.scopes.includes('write')) return MCP_READ_ONLY_BODY_LIMIT;
  const fileBytes = Math.min(MCP_UPLOAD_MAX_BYTES, mediaLimitsOf(key.workspace, limits).maxFileSizeBytes);
  return Math.ceil((fileBytes * 4) / 3) + MCP_ENVELOPE_BYTES;
}

/** What an upload tool takes in place of the multipart body. */
const UPLOAD_SCHEMA: Record<string, JsonSchema> = {
  filename: {
    type: 'string',
    minLength: 1,
    maxLength: 255,
    description: 'The file name, e.g. "launch.png".',
  },
  contentType: { type: 'string', description: 'Its MIME type, e.g. "image/png" or "video/mp4".' },
  dataBase64: {
    type: 'string',
    description: `The file's bytes in base64 (at most ${MCP_UPLOAD_MAX_BYTES / (1024 * 1024)} MB once decoded).`,
  },
};

/** The tools: one per operation. JSON bodies are the `body` argument; a file upload takes the file as base64. */
export function toolsOf(document: OpenApiDocument): McpTool[] {
  const tools: McpTool[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const content = operation.requestBody?.content ?? {};
      const upload = Boolean(content['multipart/form-data']);
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
      if (upload) {
        Object.assign(properties, UPLOAD_SCHEMA);
        required.push('filename', 'contentType', 'dataBase64');
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
        ...(upload ? { upload } : {}),
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

/** A one-file multipart body (field "file") from an upload tool's arguments, or why it cannot be made. */
export function multipartOf(args: Record<string, unknown>): { body: Buffer; contentType: string } | string {
  const { filename, contentType, dataBase64 } = args;
  if (typeof filename !== 'string' || !filename.trim() || filename.length > 255) {
    return 'filename must be a file name of 1 to 255 characters.';
  }
  if (typeof contentType !== 'string' || !/^[\w.+-]+\/[\w.+-]+$/.test(contentType)) {
    return 'contentType must be a MIME type such as image/png.';
  }
  if (typeof dataBase64 !== 'string' || !/^[A-Za-z0-9+/\r\n]*={0,2}\s*$/.test(dataBase64)) {
    return 'dataBase64 must be the file in base64.';
  }
  const data = Buffer.from(dataBase64, 'base64');
  if (data.length === 0) return 'dataBase64 holds no bytes.';
  if (data.length > MCP_UPLOAD_MAX_BYTES) {
    return `The file is over ${MCP_UPLOAD_MAX_BYTES / (1024 * 1024)} MB: upload it with POST /api/v1/media.`;
  }
  const boundary = `relaycast-${crypto.randomUUID()}`;
  // The name goes in a quoted header parameter: quotes, backslashes and line breaks cannot reach it.
  const safeName = filename.replace(/["\\\r\n]/g, '_');
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${safeName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The MCP SDK, loaded with the first MCP request: about 25 MB of memory a server without MCP clients never needs. */
let sdk:
  | Promise<
      [
        typeof import('@modelcontextprotocol/sdk/server/index.js'),
        typeof import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
        typeof import('@modelcontextprotocol/sdk/types.js'),
      ]
    >
  | undefined;
function loadSdk() {
  sdk ??= Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  return sdk;
}

async function createMcpServer(app: FastifyInstance, tools: McpTool[], apiKey: string): Promise<Server> {
  const [{ Server }, , { CallToolRequestSchema, ListToolsRequestSchema }] = await loadSdk();
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
    const file = tool.upload ? multipartOf(args) : undefined;
    if (typeof file === 'string') return { isError: true, content: [{ type: 'text' as const, text: file }] };
    const response = await app.inject({
      method: tool.method as 'GET',
      url: urlOf(tool, args),
      headers: {
        authorization: `Bearer ${apiKey}`,
        ...(tool.hasBody ? { 'content-type': 'application/json' } : {}),
        ...(file ? { 'content-type': file.contentType } : {}),
      },
      ...(tool.hasBody ? { payload: JSON.stringify(args.body ?? {}) } : {}),
      ...(file ? { payload: file.body } : {}),
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
  limits: McpLimitsConfig,
  openApiDocument: () => Record<string, unknown>,
): void {
  let tools: McpTool[] | undefined;
  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const apiKey = apiKeyOf(request) ?? '';
    tools ??= toolsOf(openApiDocument() as unknown as OpenApiDocument);
    const server = await createMcpServer(app, tools, apiKey);
    const [, { WebStandardStreamableHTTPServerTransport }] = await loadSdk();
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
  // The key is checked, and the body's cap set from its scope and plan, before a byte of the body is read
  // (a media upload carries its file in base64, so the route's own limit is large); each tool call then goes
  // through the public API's own checks.
  const bodyLimits = new WeakMap<FastifyRequest, number>();
  async function checkKey(request: FastifyRequest) {
    try {
      const apiKey = apiKeyOf(request);
      if (!apiKey) throw new AppError('API_KEY_MISSING');
      bodyLimits.set(request, mcpBodyLimit(await authenticateApiKey(db, apiKey), limits));
    } catch (error) {
      if (error instanceof AppError) Object.assign(error.headers, unreadBodyHeaders(request));
      throw error;
    }
  }
  async function capBody(request: FastifyRequest, _reply: FastifyReply, payload: NodeJS.ReadableStream) {
    const limit = bodyLimits.get(request) ?? MCP_READ_ONLY_BODY_LIMIT;
    return capRequestBody(request, payload, limit, () =>
      limit === MCP_READ_ONLY_BODY_LIMIT
        ? new AppError('API_KEY_BODY_TOO_LARGE', { message: API_KEY_MESSAGES.readOnlyBodyTooLarge })
        : new AppError('API_KEY_BODY_TOO_LARGE'),
    );
  }
  app.post(
    `${PUBLIC_API_BASE}/mcp`,
    { config: { auth: 'public' }, bodyLimit: MCP_BODY_LIMIT, onRequest: checkKey, preParsing: capBody },
    handle,
  );
}
