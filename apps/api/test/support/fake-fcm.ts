import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A local stand-in for Google's two FCM endpoints, reached by the real firebase-admin SDK through an HTTPS
 * agent that sends every connection to it:
 * - `POST https://oauth2.googleapis.com/token`: checks the service-account JWT (RS256 over the test key, issuer
 *   = client_email) and answers an access token;
 * - `POST https://fcm.googleapis.com/v1/projects/<id>/messages:send`: checks that bearer token and records the
 *   message; registration tokens in `deadTokens` get FCM's UNREGISTERED error.
 */
export interface FakeFcm {
  /** The service-account file to put in FCM_CREDENTIALS. */
  credentialsFile: string;
  projectId: string;
  /** The agent for `createPushSender` / `startRuntime({ pushAgent })`. */
  agent: https.Agent;
  sent: Array<{ token: string; data: Record<string, string>; android?: Record<string, unknown> }>;
  tokenRequests: number;
  deadTokens: Set<string>;
  /** Resolves when `n` messages have been recorded (or rejects after `ms`). */
  waitForMessages(n: number, ms?: number): Promise<void>;
  close(): Promise<void>;
}

const ACCESS_TOKEN = 'ya29.fake-fcm-access-token';

export async function startFakeFcm(): Promise<FakeFcm> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-fcm-'));
  // A throwaway TLS certificate for the stand-in (the agent does not verify it: it is not Google's).
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'tls.key',
      '-out',
      'tls.crt',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
    ],
    { cwd: dir, stdio: 'ignore' },
  );
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const projectId = 'fleetdeck-test';
  const clientEmail = `push@${projectId}.iam.gserviceaccount.com`;
  const credentialsFile = path.join(dir, 'service-account.json');
  fs.writeFileSync(
    credentialsFile,
    JSON.stringify({
      type: 'service_account',
      project_id: projectId,
      private_key_id: 'test-key',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: clientEmail,
      client_id: '1',
      token_uri: 'https://oauth2.googleapis.com/token',
    }),
  );

  const state = {
    sent: [] as FakeFcm['sent'],
    tokenRequests: 0,
    deadTokens: new Set<string>(),
    waiters: [] as Array<() => void>,
  };

  const verifyAssertion = (jwt: string) => {
    const [h, p, s] = jwt.split('.');
    if (!h || !p || !s) return false;
    const ok = crypto.verify('sha256', Buffer.from(`${h}.${p}`), publicKey, Buffer.from(s, 'base64url'));
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as { iss?: string; scope?: string };
    return ok && claims.iss === clientEmail && (claims.scope ?? '').includes('firebase.messaging');
  };

  const server = https.createServer(
    { key: fs.readFileSync(path.join(dir, 'tls.key')), cert: fs.readFileSync(path.join(dir, 'tls.crt')) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const json = (status: number, value: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(value));
        };
        const host = req.headers.host ?? '';
        if (req.method === 'POST' && host.startsWith('oauth2.googleapis.com') && req.url === '/token') {
          state.tokenRequests += 1;
          const assertion = new URLSearchParams(body).get('assertion') ?? '';
          if (!verifyAssertion(assertion))
            return json(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
          return json(200, { access_token: ACCESS_TOKEN, expires_in: 3600, token_type: 'Bearer' });
        }
        const sendPath = `/v1/projects/${projectId}/messages:send`;
        if (req.method === 'POST' && host.startsWith('fcm.googleapis.com') && req.url === sendPath) {
          if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) {
            return json(401, {
              error: {
                code: 401,
                message: 'Request had invalid authentication credentials.',
                status: 'UNAUTHENTICATED',
              },
            });
          }
          const { message } = JSON.parse(body) as { message: FakeFcm['sent'][number] };
          if (state.deadTokens.has(message.token)) {
            return json(404, {
              error: {
                code: 404,
                message: 'Requested entity was not found.',
                status: 'NOT_FOUND',
                details: [
                  { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' },
                ],
              },
            });
          }
          state.sent.push(message);
          for (const w of state.waiters.splice(0)) w();
          return json(200, { name: `projects/${projectId}/messages/${state.sent.length}` });
        }
        json(404, { error: { code: 404, message: `no route ${req.method} ${host}${req.url}`, status: 'NOT_FOUND' } });
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  /** Every HTTPS connection, whatever its host name, goes to the stand-in (SNI and Host headers are kept). */
  class LoopbackAgent extends https.Agent {
    override createConnection(options: Record<string, unknown>, cb?: unknown) {
      // @ts-expect-error -- Node's Agent#createConnection is untyped in @types/node; it forwards to tls.connect.
      return super.createConnection({ ...options, host: '127.0.0.1', port, rejectUnauthorized: false }, cb);
    }
  }
  const agent = new LoopbackAgent({ keepAlive: false });

  return {
    credentialsFile,
    projectId,
    agent,
    get sent() {
      return state.sent;
    },
    get tokenRequests() {
      return state.tokenRequests;
    },
    deadTokens: state.deadTokens,
    async waitForMessages(n, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (state.sent.length < n) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${n} FCM messages, got ${state.sent.length}`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, Math.min(left, 200));
          state.waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
    async close() {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
