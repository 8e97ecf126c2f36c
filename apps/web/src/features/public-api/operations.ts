/** The operations of the public API's OpenAPI document, as the interactive reference lists and sends them. */

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: { type?: string; enum?: string[] };
}

export interface Operation {
  method: string;
  path: string;
  summary: string;
  parameters: Parameter[];
  example?: unknown;
  hasJsonBody: boolean;
  isUpload: boolean;
}

interface OpenApiOperation {
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
}

/** The operations of an OpenAPI document, in the document's order. */
export function operationsOf(document: {
  paths?: Record<string, Record<string, OpenApiOperation>>;
}): Operation[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      summary: operation.summary ?? '',
      parameters: operation.parameters ?? [],
      example: operation.requestBody?.content?.['application/json']?.example,
      hasJsonBody: Boolean(operation.requestBody?.content?.['application/json']),
      isUpload: Boolean(operation.requestBody?.content?.['multipart/form-data']),
    })),
  );
}

/** The URL of an operation with its path parameters filled in and its query parameters appended. */
export function requestUrl(operation: Operation, values: Record<string, string>): string {
  let url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    const value = values[parameter.name]?.trim();
    if (parameter.in === 'query' && value) query.set(parameter.name, value);
  }
  const search = query.toString();
  if (search) url += `?${search}`;
  return url;
}
