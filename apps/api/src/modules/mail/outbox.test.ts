import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { emailOutbox } from '../../db/schema.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { call } from '../../../test/support/call.ts';
import { usersApi } from '@fleetdeck/contract';
import { STRONG_PASSWORD, uniqueEmail } from '../../../test/support/helpers.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(inject('pgAdminUrl'));
});
afterAll(async () => rt?.close());

it('retries a delivery the SMTP server refused, then wipes the body it sent', async () => {
  rt.smtp.failNext(1);
  const email = uniqueEmail('retry');
  await call(rt, usersApi.register, { body: { name: 'R', email, password: STRONG_PASSWORD } });
  const mail = await rt.smtp.waitFor(email, () => true, 25_000);
  expect(mail.subject).toContain('Verify');
  for (let i = 0; i < 20; i++) {
    const [row] = await rt.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    if (row?.status === 'sent') {
      expect(row.attempts).toBe(2);
      expect(row.lastError).toContain('451');
      expect(row.textBody).toBeNull();
      expect(row.htmlBody).toBeNull();
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('outbox row never marked sent');
});
