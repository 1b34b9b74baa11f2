import crypto from 'node:crypto';
import type { TestRuntime } from './runtime.ts';

/**
 * The served OpenAPI document (`/api/docs/json`) as the generated suites read it (issue 12, Proves 1 and 2): every
 * operation of the product, the ones added later included, with its parameters and JSON body schema.
 */
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  default?: unknown;
};
export type Parameter = { in: 'query' | 'path' | 'header'; name: string; required?: boolean; schema?: JsonSchema };
export type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
};
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

export type Realm = 'customer' | 'device' | 'staff';
export const realmOf = (path: string): Realm =>
  path.startsWith('/api/v1/device/') ? 'device' : path.startsWith('/api/v1/super-admin/') ? 'staff' : 'customer';

export interface ApiOperation {
  /** Upper case: GET, POST, … */
  method: string;
  /** The OpenAPI path template, `/api/v1/…/{id}`. */
  template: string;
  realm: Realm;
  op: Operation;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema, if the operation takes one. */
  bodySchema: JsonSchema | undefined;
}

export async function openApiDocument(rt: Pick<TestRuntime, 'app'>): Promise<OpenApiDocument> {
  return (await rt.app.inject('/api/docs/json')).json<OpenApiDocument>();
}

/** Every operation of the product's API (`/api/v1/…`), in document order. */
export function apiOperations(doc: OpenApiDocument): ApiOperation[] {
  const out: ApiOperation[] = [];
  for (const [template, ops] of Object.entries(doc.paths)) {
    if (!template.startsWith('/api/v1/')) continue;
    for (const [lower, op] of Object.entries(ops)) {
      const params = op.parameters ?? [];
      out.push({
        method: lower.toUpperCase(),
        template,
        realm: realmOf(template),
        op,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        bodySchema: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return out;
}

/** The schema's variant that is not `null` (zod's optional/nullable fields are `anyOf`). */
export function concrete(s: JsonSchema | undefined): JsonSchema | undefined {
  const options = s?.anyOf ?? s?.oneOf;
  if (!options?.length) return s;
  return concrete(options.find((o) => o.type !== 'null') ?? options[0]);
}

/**
 * A plausible value for a schema: the base a generated request starts from. `uuid` answers the value of a `uuid`
 * string (by default a random one), `email` the value of an `email` string.
 */
export function sample(
  s: JsonSchema | undefined,
  opts: { uuid?: () => string; email?: string } = {},
  depth = 0,
): unknown {
  if (!s || depth > 6) return 'x';
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const options = s.anyOf ?? s.oneOf ?? s.allOf;
  if (options?.length) return sample(options.find((o) => o.type !== 'null') ?? options[0], opts, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      if (s.format === 'uuid') return opts.uuid ? opts.uuid() : crypto.randomUUID();
      if (s.format === 'email') return opts.email ?? 'nobody@example.com';
      if (s.format === 'date-time') return new Date().toISOString();
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return s.minItems ? Array.from({ length: s.minItems }, () => sample(s.items, opts, depth + 1)) : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = sample(s.properties?.[key], opts, depth + 1);
      return out;
    }
    default:
      return 'x';
  }
}

/** URI-encodes, a lone surrogate included (as the bytes of an invalid UTF-8 sequence). */
export function enc(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0%80';
  }
}

export function encodeQuery(q: Record<string, string | string[]>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q))
    for (const one of Array.isArray(v) ? v : [v]) parts.push(`${enc(k)}=${enc(one)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The path with its `{name}` parameters filled (encoded). */
export const fillTemplate = (template: string, values: Record<string, string>) =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => enc(values[name] ?? 'x'));
