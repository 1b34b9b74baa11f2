import type { FastifyDynamicSwaggerOptions, SwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { toJSONSchema } from 'zod/v4/core';
import type { $ZodType } from 'zod/v4/core';
import * as customerAreas from '@fleetdeck/contract/endpoints/index';
import { accessOfEndpoint, apiKeyScopeOfEndpoint } from '@fleetdeck/contract/access';
import { staffApi } from '@fleetdeck/contract/staff';
import { pdfSchema } from '@fleetdeck/contract';
import type { Endpoint } from '@fleetdeck/contract';
import type { Config } from '../config.ts';
import { OPENAPI_EXAMPLES } from './openapi-examples.ts';

/**
 * The OpenAPI document (issue 28, items 4 and 5) as client generators (openapi-typescript, orval) and
 * `redocly lint` want it, derived from the endpoint tables and the routes, never written operation by operation:
 * an `operationId` per call from its table name, `security: []` on public calls and the API-key alternative on the
 * calls a key may make, files with their media types, numbers sent as text documented as the integers they are,
 * and one shared `Error` component instead of a copy of the envelope per operation.
 */

type Json = Record<string, unknown>;
type JsonSchema = Json & {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
};

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v;
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * `operationId` of every endpoint of both tables: `<area><Name>` (`usersApi.login` → `usersLogin`,
 * `commandsApi.commandCreate` → `commandsCommandCreate`), the back office's `staff<Name>` (`staffApi.customerList` →
 * `staffCustomerList`). Unique by construction of the tables; checked anyway.
 */
export const OPERATION_IDS: ReadonlyMap<Endpoint, string> = (() => {
  const ids = new Map<Endpoint, string>();
  const add = (prefix: string, table: Record<string, unknown>) => {
    for (const [name, e] of Object.entries(table)) if (isEndpoint(e)) ids.set(e, `${prefix}${capitalised(name)}`);
  };
  for (const [area, table] of Object.entries(customerAreas)) add(area.replace(/Api$/, ''), table);
  add('staff', staffApi);
  const seen = new Set<string>();
  for (const id of ids.values()) {
    if (seen.has(id)) throw new Error(`Two endpoints have the operationId ${id}`);
    seen.add(id);
  }
  return ids;
})();

/** A readable summary from an operationId, for the rare route without its own (`usersLogin` → "Users login"). */
export const summaryOf = (operationId: string) =>
  capitalised(operationId.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase());

/** Calls answering a file instead of JSON: their success's media type (the server sets it, see each route). */
const FILE_ANSWERS: ReadonlyMap<Endpoint, string> = new Map<Endpoint, string>([
  [customerAreas.qrApi.loginPng, 'image/png'],
  [customerAreas.qrApi.apkPng, 'image/png'],
  [customerAreas.chatApi.qrImage, 'image/png'],
  [customerAreas.fleetApi.groupEnrolmentQr, 'image/png'],
  [customerAreas.profilesApi.playStoreIcon, 'image/svg+xml'],
  // Invoices and credit notes (customer and back office): every endpoint answering the contract's PDF.
  ...[...OPERATION_IDS.keys()]
    .filter((e) => e.response === pdfSchema)
    .map((e): [Endpoint, string] => [e, 'application/pdf']),
]);

export const SECURITY_SCHEMES = {
  token: {
    type: 'apiKey',
    in: 'header',
    name: 'authorization',
    description:
      'A session token from a login (customer or back office): `authorization: <token>` or `authorization: Bearer <token>`.',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'fdk_…',
    description:
      'An API key of the account (`authorization: Bearer fdk_…`), on the calls its scopes allow (DECISIONS §13).',
  },
  deviceToken: {
    type: 'apiKey',
    in: 'header',
    name: 'authorization',
    description: 'The device token an enrolment answered (device API).',
  },
} as const;

/** The success answer of a call that answers a file (binary, or SVG text). */
const fileResponse = (mediaType: string) => ({
  description: `The file (\`${mediaType}\`).`,
  content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } },
});

const isTextOrNumber = (s: JsonSchema | undefined) =>
  s?.anyOf?.length === 2 &&
  s.anyOf.some((o) => o.type === 'number' && Object.keys(o).length === 1) &&
  s.anyOf.some((o) => o.type === 'string' && Object.keys(o).length === 1);

const NUMBER_WORDS = ['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'enum'];

/**
 * Writes into the request's JSON schema (`input`, what the caller sends) what the output of the same zod schema knows:
 * a number sent as a number or its text (`numeric()`: `anyOf [number, string]` on input) is documented as the integer
 * or number it becomes, with its bounds or its values; an email's `format`. The server still takes the text: only the
 * document changes.
 */
export function documentNumbers(input: JsonSchema, output: JsonSchema | undefined): void {
  if (!output || typeof input !== 'object') return;
  if (isTextOrNumber(input) && (output.type === 'integer' || output.type === 'number')) {
    delete input.anyOf;
    for (const word of NUMBER_WORDS) if (output[word] !== undefined) input[word] = output[word];
    // zod's integers are bounded by the safe-integer range: noise in a document.
    if (input.minimum === Number.MIN_SAFE_INTEGER) delete input.minimum;
    if (input.maximum === Number.MAX_SAFE_INTEGER) delete input.maximum;
    return;
  }
  if (input.type === 'string' && !input.format && output.format === 'email') input.format = 'email';
  if (input.properties && output.properties)
    for (const [key, value] of Object.entries(input.properties)) documentNumbers(value, output.properties[key]);
  if (input.items && output.items) documentNumbers(input.items, output.items);
  for (const word of ['anyOf', 'oneOf', 'allOf'] as const) {
    const ins = input[word];
    const outs = output[word];
    if (ins && outs && ins.length === outs.length) ins.forEach((s, i) => documentNumbers(s, outs[i]));
  }
}

const outputJson = (schema: $ZodType): JsonSchema | undefined => {
  try {
    return toJSONSchema(schema, { target: 'openapi-3.0', io: 'output', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
};

/**
 * JSON-schema fixes a generator needs, applied everywhere in the document:
 * - an enum-keyed record (`z.record(z.enum(…), …)`) lists its keys as `required` without `properties`: each key
 *   gets the record's value schema;
 * - OpenAPI 3.0's `nullable` needs a `type` beside it: on a union it moves into the union's members;
 * - zod's safe-integer bounds are left out (noise).
 */
export function normaliseSchema(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) normaliseSchema(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const s = node as JsonSchema;
  if (
    s.type === 'object' &&
    s.required?.length &&
    typeof s.additionalProperties === 'object' &&
    s.required.some((k) => !s.properties?.[k])
  ) {
    const value = s.additionalProperties;
    s.properties = { ...Object.fromEntries(s.required.map((k) => [k, structuredClone(value)])), ...s.properties };
  }
  if (s.nullable === true && s.type === undefined) {
    const members = s.anyOf ?? s.oneOf ?? s.allOf;
    if (members && !s.allOf) {
      delete s.nullable;
      for (const m of members) if (m.type !== undefined || m.anyOf || m.enum) m.nullable = true;
    }
  }
  if (s.type === 'integer' || s.type === 'number') {
    if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
    if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
  }
  for (const value of Object.values(s)) normaliseSchema(value);
}

type RouteInfo = { endpoint?: Endpoint; publicRoute?: boolean };

/** The `transform` of @fastify/swagger: fastify-type-provider-zod's, then what the route's endpoint tells. */
const transform: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (input) => {
  const { route } = input;
  const result = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = result.schema as Json & {
    hide?: boolean;
    response?: Record<string, unknown>;
    security?: unknown[];
    querystring?: JsonSchema;
    body?: JsonSchema;
  };
  if (!schema || schema.hide) return result;
  const config = (route.config ?? {}) as RouteInfo;
  const endpoint = config.endpoint;
  const operationId = endpoint ? OPERATION_IDS.get(endpoint) : undefined;
  if (!endpoint || !operationId) return result;
  schema.operationId = operationId;
  schema.summary ??= summaryOf(operationId);

  for (const part of ['querystring', 'body'] as const) {
    const source = endpoint[part === 'querystring' ? 'query' : 'body'];
    const json = schema[part];
    if (source && json) documentNumbers(json, outputJson(source));
  }

  // Security: none on public calls; a device's token on the device API; a session token, or an API key where a
  // key's scope allows the call (DECISIONS §13).
  const access = accessOfEndpoint.get(endpoint);
  if (!schema.security?.length || access === 'public') schema.security = [];
  else if (access === 'device') schema.security = [{ deviceToken: [] }];
  else {
    const scope = apiKeyScopeOfEndpoint.get(endpoint);
    schema.security = scope && scope !== 'public' ? [{ token: [] }, { apiKey: [] }] : [{ token: [] }];
  }

  const media = FILE_ANSWERS.get(endpoint);
  if (media && schema.response) schema.response['200'] = fileResponse(media);
  return result;
};

type Operation = Json & {
  operationId?: string;
  security?: Record<string, unknown>[];
  parameters?: { in?: string; name?: string; example?: unknown; $ref?: string }[];
  requestBody?: { content?: Record<string, { schema?: unknown; example?: unknown }> };
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: unknown; example?: unknown }> }
  >;
};
type Document = Json & {
  paths: Record<string, Record<string, Operation>>;
  components?: Json & { schemas?: Record<string, unknown> };
};

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** DECISIONS §13: every POST of the customer API (plugins/idempotency.ts), documented once and referenced. */
const IDEMPOTENCY_KEY_PARAMETER = {
  in: 'header',
  name: 'Idempotency-Key',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 255 },
  description:
    'Send a unique key (e.g. a UUID) to retry safely: the same key and request within 24 h answers the first ' +
    'answer again with the header `idempotent-replayed: true`; the same key with another request answers 422 ' +
    '`E_IDEMPOTENCY`.',
};

/** The `transformObject`: the document-wide parts (shared error component, CSV exports, examples, descriptions). */
function transformObject(doc: Document): Document {
  let errorSchema: string | undefined;
  for (const ops of Object.values(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (method === 'post' && op.security?.some((s) => 'token' in s))
        (op.parameters ??= []).push({ $ref: '#/components/parameters/IdempotencyKey' });
      const hasCsvExport = op.parameters?.some((p) => p.in === 'query' && p.name === 'isExportData');
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const json = response.content?.['application/json'];
        if (status === '4XX' || status === '5XX') {
          response.description = status === '4XX' ? 'Refused: the error envelope.' : 'Failed: the error envelope.';
          if (json?.schema) {
            errorSchema ??= JSON.stringify(json.schema);
            if (JSON.stringify(json.schema) === errorSchema) json.schema = ERROR_REF;
          }
        } else if (response.description === 'Default Response') {
          response.description = 'Success.';
        }
        // Another documented answer carrying the envelope (a 402, a 409…).
        if (status !== '4XX' && status !== '5XX' && json?.schema && JSON.stringify(json.schema) === errorSchema)
          json.schema = ERROR_REF;
        if (status === '200' && hasCsvExport && response.content)
          response.content['text/csv'] = { schema: { type: 'string', description: 'With `isExportData=true`.' } };
      }
      const example = op.operationId ? OPENAPI_EXAMPLES[op.operationId] : undefined;
      if (example?.body !== undefined && op.requestBody?.content?.['application/json'])
        op.requestBody.content['application/json'].example = example.body;
      if (example?.response !== undefined && op.responses?.['200']?.content?.['application/json'])
        op.responses['200'].content['application/json'].example = example.response;
      if (example?.query && op.parameters)
        for (const p of op.parameters)
          if (p.in === 'query' && p.name && example.query[p.name] !== undefined) p.example = example.query[p.name];
    }
  }
  normaliseSchema(doc.paths);
  if (errorSchema) {
    const error = JSON.parse(errorSchema) as JsonSchema;
    normaliseSchema(error);
    doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, Error: error } };
  }
  doc.components = {
    ...doc.components,
    parameters: { ...(doc.components?.parameters as object), IdempotencyKey: IDEMPOTENCY_KEY_PARAMETER },
  };
  return doc;
}

/** @fastify/swagger's options: the document's head, security schemes, servers, and the transforms above. */
export function openApiOptions(config: Pick<Config, 'productName' | 'publicUrl'>): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${config.productName} API`,
        version: '1.0.0',
        description:
          'Customer API under /api/v1/admin, staff API under /api/v1/super-admin, device API under /api/v1/device. ' +
          'Every answer carries `respones_msg`; failures also carry a stable `code` (the `Error` schema). Send a ' +
          'session token as `authorization: <token>` (or `Bearer <token>`), or an API key as ' +
          '`authorization: Bearer fdk_…` on the calls its scopes allow.',
        license: { name: 'Proprietary', url: `${config.publicUrl}/terms` },
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform,
    transformObject: (input) => transformObject(('openapiObject' in input ? input.openapiObject : {}) as Document),
  } as SwaggerOptions;
}
