import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessOfEndpoint } from '@fleetdeck/contract/access';
import { staffApi } from '@fleetdeck/contract/staff';
import { commandsApi, devicesApi, paymentsApi, profilesApi, qrApi, usersApi, type Endpoint } from '@fleetdeck/contract';
import { appWithoutDatabase } from './openapi-document.ts';
import { OPERATION_IDS } from './plugins/openapi.ts';
import { OPENAPI_EXAMPLES } from './plugins/openapi-examples.ts';

/**
 * The OpenAPI document as client generators need it (issue 28, item 4), read from the application the way
 * `npm run openapi` builds it (no database), and the docs page over plain http on any host.
 */
type Schema = Record<string, unknown> & {
  type?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  enum?: unknown[];
  $ref?: string;
};
type Content = Record<string, { schema?: Schema; example?: unknown }>;
type Operation = {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema: Schema; example?: unknown }[];
  requestBody?: { content: Content };
  responses: Record<string, { description: string; content?: Content }>;
};
type Document = {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, unknown> };
};

let app: FastifyInstance;
let close: () => Promise<void>;
let doc: Document;
beforeAll(async () => {
  ({ app, close } = await appWithoutDatabase());
  doc = (await app.inject('/api/docs/json')).json<Document>();
});
afterAll(async () => close?.());

const openApiPath = (e: Endpoint) => e.path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
const operationOf = (e: Endpoint) => doc.paths[openApiPath(e)]?.[e.method.toLowerCase()];
const operations = () =>
  Object.entries(doc.paths).flatMap(([p, ops]) => Object.entries(ops).map(([m, op]) => ({ label: `${m} ${p}`, op })));

describe('the OpenAPI document', () => {
  it("names every operation with its endpoint's table name, once, and summarises it", () => {
    const ids = operations().map(({ label, op }) => {
      expect(op.operationId, label).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(op.summary, label).toBeTruthy();
      return op.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationOf(usersApi.login)?.operationId).toBe('usersLogin');
    expect(operationOf(commandsApi.commandCreate)?.operationId).toBe('commandsCommandCreate');
    expect(operationOf(staffApi.customerList)?.operationId).toBe('staffCustomerList');
    // Every endpoint of both tables that has a route is in the document under its id.
    for (const [endpoint, id] of OPERATION_IDS) {
      const op = operationOf(endpoint);
      if (op) expect(op.operationId, `${endpoint.method} ${endpoint.path}`).toBe(id);
    }
  });

  it('declares the security of every call: none on public ones, a device token on the device API, a key where allowed', () => {
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKey', 'deviceToken', 'token']);
    expect(doc.servers).toEqual([{ url: 'http://localhost:3000' }]);
    for (const [endpoint, access] of accessOfEndpoint) {
      const op = operationOf(endpoint);
      if (!op) continue;
      const label = `${endpoint.method} ${endpoint.path}`;
      expect(op.security, label).toBeDefined();
      if (access === 'public') expect(op.security, label).toEqual([]);
      // Enrolment is the device's first call: its enrolment token is in the body.
      else if (endpoint === devicesApi.enrol) expect(op.security, label).toEqual([]);
      else if (access === 'device') expect(op.security, label).toEqual([{ deviceToken: [] }]);
      else expect(op.security?.[0], label).toEqual({ token: [] });
    }
    expect(operationOf(devicesApi.profileList)?.security).toEqual([{ token: [] }, { apiKey: [] }]);
    expect(operationOf(commandsApi.commandCreate)?.security).toEqual([{ token: [] }, { apiKey: [] }]);
    // Never open to keys (DECISIONS §13): the account's settings, its keys.
    expect(operationOf(usersApi.update)?.security).toEqual([{ token: [] }]);
  });

  it('refers every failure to the one Error component', () => {
    expect(doc.components.schemas.Error?.properties?.respones_msg).toEqual({ type: 'string' });
    for (const { label, op } of operations())
      for (const status of ['4XX', '5XX'])
        expect(op.responses[status]?.content?.['application/json']?.schema, `${label} ${status}`).toEqual({
          $ref: '#/components/schemas/Error',
        });
    expect(JSON.stringify(doc).match(/"E_SCOPE"/g)).toHaveLength(1);
  });

  it('declares the files calls answer with their media types', () => {
    const media = (e: Endpoint) => Object.keys(operationOf(e)?.responses['200']?.content ?? {});
    expect(media(qrApi.loginPng)).toEqual(['image/png']);
    expect(media(profilesApi.playStoreIcon)).toEqual(['image/svg+xml']);
    expect(media(paymentsApi.invoice)).toEqual(['application/pdf']);
    expect(media(staffApi.paymentInvoice)).toEqual(['application/pdf']);
    expect(media(staffApi.customerList)).toEqual(['application/json', 'text/csv']);
  });

  it('documents numbers sent as text as the integers they are, and emails as emails', () => {
    const query = (e: Endpoint, name: string) => operationOf(e)?.parameters?.find((p) => p.name === name)?.schema;
    expect(query(devicesApi.profileList, 'page')).toEqual({ default: 1, type: 'integer', minimum: 1 });
    expect(query(devicesApi.profileList, 'limit')).toEqual({ default: 25, type: 'integer', enum: [5, 10, 25, 50] });
    const register = operationOf(usersApi.register)?.requestBody?.content['application/json']?.schema;
    expect(register?.properties?.email?.format).toBe('email');
  });

  it('lists a property for every required key (enum-keyed records), and no `nullable` without a type', () => {
    const walk = (node: unknown, at: string) => {
      if (typeof node !== 'object' || node === null) return;
      const s = node as Schema;
      if (s.type === 'object' && s.required)
        for (const key of s.required) expect(s.properties?.[key], `${at}: ${key}`).toBeDefined();
      if (s.nullable === true) expect(s.type ?? s.$ref, `${at}: nullable`).toBeDefined();
      for (const [k, v] of Object.entries(s)) walk(v, `${at}/${k}`);
    };
    walk(doc.paths, '#/paths');
  });

  it("has examples of the main calls, which their endpoints' schemas accept", () => {
    const byId = new Map([...OPERATION_IDS].map(([e, id]) => [id, e]));
    for (const [id, example] of Object.entries(OPENAPI_EXAMPLES)) {
      const endpoint = byId.get(id);
      expect(endpoint, id).toBeDefined();
      // The API keys' and webhooks' routes come with their branches: their examples are checked against the schemas.
      const op = operationOf(endpoint!);
      if (example.body !== undefined) {
        expect(endpoint!.body!['~standard'].validate(example.body), id).not.toHaveProperty('issues');
        if (op) expect(op.requestBody?.content['application/json']?.example, id).toEqual(example.body);
      }
      if (example.query) expect(endpoint!.query!['~standard'].validate(example.query), id).not.toHaveProperty('issues');
      if (example.response !== undefined) {
        expect(endpoint!.response['~standard'].validate(example.response), id).not.toHaveProperty('issues');
        if (op) expect(op.responses['200']?.content?.['application/json']?.example, id).toEqual(example.response);
      }
    }
    for (const id of ['usersLogin', 'devicesProfileList', 'commandsCommandCreate', 'apiKeysApiKeyCreate'])
      expect(OPENAPI_EXAMPLES[id], id).toBeDefined();
  });

  it('is the committed packages/sdk/openapi.json (npm run openapi)', () => {
    const committed = path.resolve(import.meta.dirname, '../../../packages/sdk/openapi.json');
    expect(JSON.parse(fs.readFileSync(committed, 'utf8'))).toEqual(doc);
  });
});

describe('the API docs page', () => {
  it('works over plain http on any host: no upgrade of its own scripts, and every one is served', async () => {
    const page = await app.inject({ url: '/api/docs/', headers: { host: 'example.test' } });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    const refs = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.filter((r) => r.endsWith('.js')).length).toBeGreaterThanOrEqual(3);
    expect(refs.filter((r) => r.endsWith('.css')).length).toBeGreaterThanOrEqual(1);
    for (const ref of refs) {
      const url = new URL(ref, 'http://example.test/api/docs/');
      expect(url.origin, ref).toBe('http://example.test');
      const res = await app.inject({ url: url.pathname, headers: { host: 'example.test' } });
      expect(res.statusCode, ref).toBe(200);
      expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    }
    // The page loads the document from `./json` beside it.
    const initializer = await app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain("resolveUrl('./json')");
    const json = await app.inject({ url: '/api/docs/json', headers: { host: 'example.test' } });
    expect(json.statusCode).toBe(200);
  });
});
