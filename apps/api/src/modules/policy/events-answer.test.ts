import { describe, expect, it } from 'vitest';
import { eventsResponseSchema, type EventsResponse } from '@fleetdeck/contract';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { eventsAnswerJson } from './events-answer.ts';

/** What the route's schema serializer wrote for the same answer (before issue 14 took it off this route). */
const viaSchema = serializerCompiler({ schema: eventsResponseSchema, method: 'GET', url: '/api/v1/device/events' });

const message = (over: Partial<EventsResponse['data']['messages'][number]> = {}) => ({
  _id: '0b6f9c1e-5d7a-4c43-9a57-1f2e3d4c5b6a',
  kind: 'notification' as const,
  payload: { notificationId: 'n-1', title: 'Hello "world"', message: 'Line 1\nLine 2 – ünïcødé 🚀', body: 'x' },
  created_at: '2026-11-24T05:20:00.123Z',
  ...over,
});

describe('GET events answer text (events-answer.ts)', () => {
  const cases: [string, EventsResponse['data']][] = [
    ['nothing pending', { policyVersion: 0, policyChanged: false, messages: [], logout: false }],
    ['a policy change', { policyVersion: 7, policyChanged: true, messages: [], logout: false }],
    ['logged out', { policyVersion: 3, policyChanged: false, messages: [], logout: true }],
    [
      'messages of both kinds, nested payloads',
      {
        policyVersion: 2,
        policyChanged: true,
        messages: [
          message(),
          message({
            _id: 'c2',
            kind: 'command',
            payload: { command: 'ring', args: { seconds: 5, loud: true, list: [1, null, 'a'] }, empty: {} },
          }),
          message({ _id: 'c3', payload: {} }),
        ],
        logout: false,
      },
    ],
  ];
  it.each(cases)('is the text the schema serializer wrote: %s', (_name, data) => {
    const text = eventsAnswerJson('OK', data);
    expect(text).toBe(viaSchema({ respones_msg: 'OK', data }));
    expect(eventsResponseSchema.parse(JSON.parse(text))).toEqual({ respones_msg: 'OK', data });
  });

  it('answers polls sharing one payload object (a broadcast) with the same text as the serializer', () => {
    const payload = { title: 'Broadcast', message: 'To every device' };
    for (const id of ['a1', 'a2', 'a3']) {
      const data = { policyVersion: 1, policyChanged: false, messages: [message({ _id: id, payload })], logout: false };
      expect(eventsAnswerJson('OK', data)).toBe(viaSchema({ respones_msg: 'OK', data }));
    }
  });

  it('refuses a policy version that is not an integer (it would not be JSON)', () => {
    expect(() =>
      eventsAnswerJson('OK', { policyVersion: Number.NaN, policyChanged: false, messages: [], logout: false }),
    ).toThrow(/not an integer/);
  });
});
