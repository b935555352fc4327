/**
 * The slice of the OpenAPI 3.1 object model that the post-processing steps read and write.
 * Kept local so no code depends on a transitive package's typings.
 */

export type SchemaObject = Record<string, unknown>;
export interface Reference {
  $ref: string;
}

export interface HeaderObject {
  description?: string;
  required?: boolean;
  schema?: SchemaObject;
  [extension: string]: unknown;
}

export interface MediaTypeObject {
  schema?: SchemaObject | Reference;
  example?: unknown;
  [extension: string]: unknown;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject | Reference>;
  content?: Record<string, MediaTypeObject>;
  [extension: string]: unknown;
}

export interface ParameterObject {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  description?: string;
  required?: boolean;
  schema?: SchemaObject;
  [extension: string]: unknown;
}

export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: (ParameterObject | Reference)[];
  requestBody?: { content?: Record<string, MediaTypeObject>; required?: boolean; description?: string } | Reference;
  responses: Record<string, ResponseObject | Reference>;
  security?: Record<string, string[]>[];
  [extension: string]: unknown;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type PathItemObject = Partial<Record<HttpMethod, OperationObject>> & { parameters?: (ParameterObject | Reference)[]; [extension: string]: unknown };

export interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths?: Record<string, PathItemObject>;
  components?: {
    schemas?: Record<string, SchemaObject>;
    responses?: Record<string, ResponseObject>;
    parameters?: Record<string, ParameterObject>;
    headers?: Record<string, HeaderObject>;
    securitySchemes?: Record<string, unknown>;
    [kind: string]: Record<string, unknown> | undefined;
  };
  security?: Record<string, string[]>[];
  [extension: string]: unknown;
}

export function isReference(value: unknown): value is Reference {
  return typeof value === 'object' && value !== null && typeof (value as Reference).$ref === 'string';
}
