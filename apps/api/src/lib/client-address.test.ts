import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { usersApi } from '@fleetdeck/contract';
import { ConfigError, loadConfig } from '../config.ts';
import { buildApp } from '../app.ts';
import { startTestRuntime, type TestRuntime } from '../../test/support/runtime.ts';
import { addressKey } from './rate-limit.ts';

/** Issue 12, item 1: the client address behind a proxy (TRUST_PROXY) and the address part a limit counts. */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'), { env: { TRUST_PROXY: '1' } });
});
afterAll(async () => rt?.close());

const counterKeys = async (prefix: string) =>
  (
    await rt.ctx.pool.query<{ key: string }>('select key from rate_limit_counters where key like $1 order by key', [
      `${prefix}%`,
    ])
  ).rows.map((r) => r.key);

async function login(app: Pick<TestRuntime, 'app'>['app'], socket: string, forwardedFor?: string) {
  return app.inject({
    method: usersApi.login.method,
    url: usersApi.login.path,
    payload: { email: 'nobody@example.com', password: 'Wrong-password-1' },
    remoteAddress: socket,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

describe('TRUST_PROXY (issue 12, item 1)', () => {
  it('takes a hop count or proxy addresses and CIDRs, and refuses "trust everyone"', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      'fd00::/8',
    ]);
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const bad of ['true', '*', '0.0.0.0/0', '::/0', '0', '11', 'proxy.example.com', '10.0.0.0/33'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
  });

  it('with a hop count, the per-IP login limit counts the client behind the proxy, not the proxy', async () => {
    await login(rt.app, '127.0.0.1', '198.51.100.7');
    await login(rt.app, '127.0.0.1', '203.0.113.5, 198.51.100.8');
    const keys = await counterKeys('login:ip:');
    expect(keys).toContain('login:ip:198.51.100.7');
    expect(keys).toContain('login:ip:198.51.100.8');
    expect(keys).not.toContain('login:ip:127.0.0.1');
    expect(keys).not.toContain('login:ip:203.0.113.5');
  });

  it('with a CIDR list, only those proxies are believed; without TRUST_PROXY, X-Forwarded-For is ignored', async () => {
    const viaCidr = await buildApp(
      { ...rt.ctx, config: { ...rt.ctx.config, trustProxy: ['10.0.0.0/8'] } },
      {
        serveWeb: false,
      },
    );
    const direct = await buildApp({ ...rt.ctx, config: { ...rt.ctx.config, trustProxy: false } }, { serveWeb: false });
    try {
      await login(viaCidr, '10.1.2.3', '198.51.100.21');
      await login(viaCidr, '192.0.2.50', '198.51.100.22'); // not a trusted proxy: its header is a lie
      await login(direct, '192.0.2.51', '198.51.100.23');
      const keys = await counterKeys('login:ip:');
      expect(keys).toContain('login:ip:198.51.100.21');
      expect(keys).toContain('login:ip:192.0.2.50');
      expect(keys).not.toContain('login:ip:198.51.100.22');
      expect(keys).toContain('login:ip:192.0.2.51');
      expect(keys).not.toContain('login:ip:198.51.100.23');
    } finally {
      await viaCidr.close();
      await direct.close();
    }
  });

  it('keys IPv6 clients on their /64, and IPv4-mapped addresses as IPv4', async () => {
    expect(addressKey('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:192.0.2.9')).toBe('192.0.2.9');
    expect(addressKey('192.0.2.9')).toBe('192.0.2.9');
    await login(rt.app, '127.0.0.1', '2001:db8:aa:bb::1');
    await login(rt.app, '127.0.0.1', '2001:db8:aa:bb:1234:5678:9abc:def0');
    const keys = await counterKeys('login:ip:2001');
    expect(keys).toEqual(['login:ip:2001:db8:aa:bb::/64']);
    const { rows } = await rt.ctx.pool.query<{ count: number }>(
      `select count from rate_limit_counters where key = 'login:ip:2001:db8:aa:bb::/64'`,
    );
    expect(rows[0]!.count).toBe(2);
  });
});
