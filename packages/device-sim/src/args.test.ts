import { describe, expect, it } from 'vitest';
import { EVENTS_MAX_WAIT_SECONDS } from '@fleetdeck/contract';
import { baseOfQr, parseCli, UsageError } from './args.ts';
import { describeError, DeviceApiError, errorText, groupFromQr, tokenFromQr } from './client.ts';
import { defaultSerialPrefix, serialsFor } from './fleet.ts';

describe('tokenFromQr', () => {
  it('takes the token out of the login QR text', () => {
    expect(tokenFromQr('http://localhost:3000/enrol?token=abc-DEF_123')).toBe('abc-DEF_123');
    expect(tokenFromQr(' https://fleet.example.com/enrol?token=a%2Bb ')).toBe('a+b');
    expect(tokenFromQr('bare-token')).toBe('bare-token');
    expect(() => tokenFromQr('http://localhost:3000/enrol')).toThrow(/no token/);
    expect(() => tokenFromQr('  ')).toThrow(/empty/);
  });

  it("reads the group of a group's enrolment QR, and none from the login QR", () => {
    const qr = 'http://localhost:3000/enrol?token=tok&group=grp_123';
    expect(groupFromQr(qr)).toBe('grp_123');
    expect(tokenFromQr(qr)).toBe('tok');
    expect(parseCli(['--qr', qr])).toMatchObject({ token: 'tok', groupId: 'grp_123' });
    expect(groupFromQr('http://localhost:3000/enrol?token=tok')).toBeUndefined();
    expect(groupFromQr('bare-token')).toBeUndefined();
  });
});

describe('the API address of --qr', () => {
  it("is the link's own host and port unless --url is given", () => {
    const qr = 'http://localhost:3100/enrol?token=tok';
    expect(parseCli(['--qr', qr])?.url).toBe('http://localhost:3100');
    expect(parseCli(['--qr', 'https://fleet.example.com/console/enrol?token=t'])?.url).toBe(
      'https://fleet.example.com/console',
    );
    expect(parseCli(['--qr', qr, '--url', 'http://127.0.0.1:4000'])?.url).toBe('http://127.0.0.1:4000');
    expect(parseCli(['--qr', 'bare-token'])?.url).toBe('http://localhost:3000');
    expect(baseOfQr('not a link')).toBeNull();
  });
});

describe('parseCli', () => {
  const fixed = () => 0.5;
  it('applies the defaults', () => {
    expect(parseCli(['--token', 'tok'], fixed)).toEqual({
      url: 'http://localhost:3000',
      token: 'tok',
      app: 'PD',
      count: 1,
      serialPrefix: 'SIM-7FFFFF',
      duration: 0,
      wait: 30,
      once: false,
      concurrency: 20,
      statusInterval: 60,
      quiet: false,
      failRate: 0,
      failWhen: undefined,
      groupId: undefined,
      capabilities: undefined,
    });
  });

  it('reads the capabilities the devices claim, and refuses an unknown command', () => {
    expect(parseCli(['--token', 'tok', '--capabilities', 'lock, ring,locate,ring'], fixed)?.capabilities).toEqual([
      'lock',
      'ring',
      'locate',
    ]);
    expect(parseCli(['--token', 'tok', '--capabilities', 'none'], fixed)?.capabilities).toEqual([]);
    expect(parseCli(['--token', 'tok', '--capabilities', 'all'], fixed)?.capabilities).toHaveLength(7);
    expect(() => parseCli(['--token', 'tok', '--capabilities', 'lock,wipe'], fixed)).toThrow(
      /--capabilities must list command types from lock, reboot, .* \(got "lock,wipe"\)/,
    );
    expect(() => parseCli(['--token', 'tok', '--capabilities', ''], fixed)).toThrow(/--capabilities/);
  });

  it('reads the failures on purpose and refuses bad ones', () => {
    const o = parseCli(['--token', 'tok', '--fail-rate', '0.3', '--fail-when', 'advancedSettings.factoryReset'], fixed);
    expect(o).toMatchObject({ failRate: 0.3, failWhen: 'advancedSettings.factoryReset' });
    expect(() => parseCli(['--token', 'tok', '--fail-rate', '1.5'], fixed)).toThrow(/--fail-rate must be a number/);
    expect(() => parseCli(['--token', 'tok', '--fail-when', 'no spaces'], fixed)).toThrow(/--fail-when must name/);
  });

  it('reads every option', () => {
    const o = parseCli(
      ['--url', 'http://127.0.0.1:3950/', '--qr', 'http://x/enrol?token=T', '--app', 'sl', '--count', '25'].concat([
        '--serial-prefix',
        'LAB',
        '--duration',
        '90',
        '--wait',
        '5',
        '--once',
        '--concurrency',
        '4',
        '--quiet',
      ]),
    );
    expect(o).toMatchObject({
      url: 'http://127.0.0.1:3950',
      token: 'T',
      app: 'SL',
      count: 25,
      serialPrefix: 'LAB',
      duration: 90,
      wait: 5,
      once: true,
      concurrency: 4,
      quiet: true,
    });
  });

  it('returns null for --help', () => {
    expect(parseCli(['--help'])).toBeNull();
    expect(parseCli(['-h'])).toBeNull();
  });

  it('explains bad input', () => {
    expect(() => parseCli([])).toThrow(UsageError);
    expect(() => parseCli([])).toThrow(/enrolment token is required/);
    expect(() => parseCli(['--token', 'a', '--qr', 'b'])).toThrow(/not both/);
    expect(() => parseCli(['--token', 'a', '--count', '0'])).toThrow(/--count must be a whole number/);
    expect(() => parseCli(['--token', 'a', '--wait', String(EVENTS_MAX_WAIT_SECONDS + 1)])).toThrow(/--wait/);
    expect(() => parseCli(['--token', 'a', '--url', 'ftp://x'])).toThrow(/--url/);
    expect(() => parseCli(['--token', 'a', '--app', 'P-D'])).toThrow(/--app/);
    expect(() => parseCli(['--token', 'a', '--bogus'])).toThrow(UsageError);
  });
});

describe('serials', () => {
  it('are unique per run and padded', () => {
    expect(serialsFor('LAB', 3)).toEqual(['LAB-0001', 'LAB-0002', 'LAB-0003']);
    expect(serialsFor('X', 12_000)[11_999]).toBe('X-12000');
    expect(defaultSerialPrefix(() => 0)).toBe('SIM-000000');
    expect(defaultSerialPrefix()).toMatch(/^SIM-[0-9A-F]{6}$/);
  });
});

describe('errors', () => {
  it('names the licence problem plainly', () => {
    const e = new DeviceApiError('POST', '/api/v1/device/enrol', 402, 'E_NO_LICENCE', 'No free PD licence.');
    expect(e.message).toBe('POST /api/v1/device/enrol → 402 E_NO_LICENCE: no free licence — No free PD licence.');
    expect(errorText(e)).toBe(e.message);
    expect(describeError('GET', '/x', 404, undefined, undefined)).toMatch(/route not found/);
    expect(describeError('GET', '/x', 500, 'E_INTERNAL', undefined)).toBe('GET /x → 500 E_INTERNAL');
  });

  it('explains a refused connection', () => {
    const err = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
    });
    expect(errorText(err)).toMatch(/cannot connect to the server/);
  });
});
