import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetApi, profilesApi, type Template } from '@fleetdeck/contract';
import { and, desc, eq } from 'drizzle-orm';
import { auditEntries, rollouts } from '../../db/schema.ts';
import { call } from '../../../test/support/call.ts';
import { dataOf, failure, fleetOwner } from '../../../test/support/profiles.ts';
import { startWithFleetOwner } from '../../../test/support/suites.ts';
import type { TestRuntime } from '../../../test/support/runtime.ts';

let rt: TestRuntime;
let owner: Awaited<ReturnType<typeof fleetOwner>>;
beforeAll(async () => ({ rt, owner } = await startWithFleetOwner()));
afterAll(async () => rt?.close());

const create = (body: unknown, token = owner.token) => call(rt, fleetApi.templateCreate, { token, body });
const update = (id: string, body: unknown, token = owner.token) =>
  call(rt, fleetApi.templateUpdate, { token, params: { id }, body });
const detail = async (id: string) =>
  dataOf<Template>(await call(rt, fleetApi.templateDetail, { token: owner.token, params: { id } }));

async function pdTemplate(name = 'Front desk') {
  const d = await owner.enrol('PD');
  dataOf(await call(rt, profilesApi.update, { token: owner.token, body: { profileId: d.profileId, pin: '1234' } }));
  return { device: d, template: dataOf<Template>(await create({ name, fromProfileId: d.profileId })) };
}

const lastTemplateAudit = async () =>
  (
    await rt.ctx.db
      .select({ message: auditEntries.message })
      .from(auditEntries)
      .where(and(eq(auditEntries.customerId, owner.id), eq(auditEntries.subType, 'Template')))
      .orderBy(desc(auditEntries.createdAt))
      .limit(1)
  )[0]?.message;

describe('policy templates', () => {
  it('snapshots a profile as version 1, family from the profile', async () => {
    const { device, template } = await pdTemplate();
    expect(template).toMatchObject({ name: 'Front desk', family: 'PD', version: 1, groupCount: 0 });
    expect(template.settings.pin).toBe('1234');
    expect(template.versions).toHaveLength(1);
    expect(template.versions[0]!.changes[0]).toContain(device.serialNumber);
    expect(template.versions[0]!.createdBy).toBe(owner.email);
    expect(await lastTemplateAudit()).toContain('Template "Front desk" created');
  });

  it('saves a new version per change, with the changes in plain words; a rename or no change keeps the version', async () => {
    const { template } = await pdTemplate('Kiosks');
    const v2 = dataOf<Template>(
      await update(template._id, {
        settings: { advancedSettings: { disableFactoryReset: true, disbableBixbyPackages: true } },
      }),
    );
    expect(v2.version).toBe(2);
    expect(v2.settings.advancedSettings.disableFactoryReset).toBe(true);
    // Switches not sent keep their value.
    expect(v2.settings.pin).toBe('1234');
    expect(v2.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(v2.versions[0]!.changes).toEqual(['Disabled factory reset and Bixby']);
    expect(await lastTemplateAudit()).toContain('saved as version 2');

    const v3 = dataOf<Template>(
      await update(template._id, { settings: { pin: '', advancedSettings: { disableFactoryReset: false } } }),
    );
    expect(v3.version).toBe(3);
    expect(v3.versions[0]!.changes).toEqual(['Changed the pin', 'Enabled factory reset again']);

    const same = await update(template._id, { settings: { advancedSettings: { disbableBixbyPackages: true } } });
    expect(JSON.parse(same.body).respones_msg).toMatch(/Nothing changed/);
    expect(dataOf<Template>(same).version).toBe(3);

    const renamed = dataOf<Template>(await update(template._id, { name: 'Lobby kiosks' }));
    expect(renamed).toMatchObject({ name: 'Lobby kiosks', version: 3 });
  });

  it('re-snapshots from a profile of the same family, and refuses another family with 400', async () => {
    const { template } = await pdTemplate('Snapshots');
    const other = await owner.enrol('PD');
    dataOf(
      await call(rt, profilesApi.update, {
        token: owner.token,
        body: { profileId: other.profileId, advancedSettings: { DisableBluetooth: true } },
      }),
    );
    const v2 = dataOf<Template>(await update(template._id, { fromProfileId: other.profileId }));
    expect(v2.version).toBe(2);
    expect(v2.versions[0]!.changes).toEqual(['Changed the pin', 'Disabled Bluetooth']);
    const sl = await owner.enrol('SL');
    const refused = failure(await update(template._id, { fromProfileId: sl.profileId }), 400, 'E_VALIDATION');
    expect(refused.respones_msg).toMatch(/^fromProfileId: .* this template is for PD devices/);
  });

  it('refuses bad settings with clear 400s: a tab the family has not, values the profile calls refuse', async () => {
    const { template } = await pdTemplate('Rules');
    const kiosk = failure(await update(template._id, { settings: { kioskType: 'Browser' } }), 400, 'E_VALIDATION');
    expect(kiosk.respones_msg).toMatch(/settings\.kioskType does not apply to .* profiles/);
    const pin = failure(await update(template._id, { settings: { pin: '12' } }), 400, 'E_VALIDATION');
    expect(pin.respones_msg).toMatch(/pin/);
    const unknown = failure(await update(template._id, { settings: { colour: 'red' } }), 400, 'E_VALIDATION');
    expect(unknown.respones_msg).toMatch(/colour|not a setting/);
    const name = failure(await create({ name: '   ', fromProfileId: template._id }), 400, 'E_VALIDATION');
    expect(name.respones_msg).toMatch(/name: is required/);
    failure(await create({ name: 'X', fromProfileId: crypto.randomUUID() }), 404, 'E_PROFILE_NOT_FOUND');
    // A Super Lock template's kiosk needs what the kiosk call needs.
    const sl = await owner.enrol('SL');
    const slTemplate = dataOf<Template>(await create({ name: 'SL', fromProfileId: sl.profileId }));
    const browser = failure(await update(slTemplate._id, { settings: { kioskType: 'Browser' } }), 400, 'E_VALIDATION');
    expect(browser.respones_msg).toBe('settings.kioskType: a Browser kiosk needs browserKioskWebsiteUrl.');
    const ok = dataOf<Template>(
      await update(slTemplate._id, {
        settings: { kioskType: 'Browser', browserKioskWebsiteUrl: 'https://intranet.example' },
      }),
    );
    expect(ok.versions[0]!.changes).toEqual(['Changed the kiosk mode', 'Changed the browser kiosk website']);
  });

  it('lists by family and search, pages on the server', async () => {
    await pdTemplate('Listed alpha');
    const list = await call(rt, fleetApi.templateList, {
      token: owner.token,
      query: { family: 'PD', search: 'Listed al', limit: 5 },
    });
    const body = JSON.parse(list.body) as { data: Template[]; pagination: { total: number; limit: number } };
    expect(body.data.map((t) => t.name)).toEqual(['Listed alpha']);
    expect(body.pagination).toMatchObject({ total: 1, limit: 5 });
    failure(await call(rt, fleetApi.templateList, { token: owner.token, query: { limit: 7 } }), 400, 'E_VALIDATION');
  });

  it('refuses delete with 409 while a group uses it; deletes it (audited) once free', async () => {
    const { template } = await pdTemplate('In use');
    const group = dataOf<{ _id: string }>(
      await call(rt, fleetApi.groupCreate, {
        token: owner.token,
        body: { name: 'Users of it', family: 'PD', templateId: template._id },
      }),
    );
    const refused = failure(
      await call(rt, fleetApi.templateDelete, { token: owner.token, params: { id: template._id } }),
      409,
      'E_CONFLICT',
    );
    expect(refused.respones_msg).toBe('Template "In use" is used by 1 group: give it another template first.');
    dataOf(
      await call(rt, fleetApi.groupUpdate, {
        token: owner.token,
        params: { id: group._id },
        body: { templateId: null },
      }),
    );
    const deleted = await call(rt, fleetApi.templateDelete, { token: owner.token, params: { id: template._id } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await lastTemplateAudit()).toBe('Template "In use" deleted (it was at version 1)');
    failure(
      await call(rt, fleetApi.templateDetail, { token: owner.token, params: { id: template._id } }),
      404,
      'E_NOT_FOUND',
    );
  });

  it('refuses delete with 409 while a rollout of it runs or is paused, and while finished rollouts name it', async () => {
    const { template } = await pdTemplate('Rolling');
    const [rollout] = await rt.ctx.db
      .insert(rollouts)
      .values({
        customerId: owner.id,
        templateId: template._id,
        version: 1,
        family: 'PD',
        state: 'running',
        stages: [{ percent: 100, soakSeconds: 0, size: 0, startedAt: null }],
        failedPercent: 10,
        minDevices: 3,
        ackTimeoutSeconds: 900,
      })
      .returning();
    const del = () => call(rt, fleetApi.templateDelete, { token: owner.token, params: { id: template._id } });
    expect(failure(await del(), 409, 'E_CONFLICT').respones_msg).toBe(
      'A rollout of template "Rolling" is running or paused: cancel it or let it finish first.',
    );
    await rt.ctx.db.update(rollouts).set({ state: 'completed' }).where(eq(rollouts.id, rollout!.id));
    expect(failure(await del(), 409, 'E_CONFLICT').respones_msg).toMatch(/history of its rollouts/);
    await rt.ctx.db.delete(rollouts).where(eq(rollouts.id, rollout!.id));
    expect((await del()).statusCode).toBe(200);
  });

  it("another customer's template is not found for any call", async () => {
    const { template } = await pdTemplate('Private');
    const other = await fleetOwner(rt, 2);
    for (const res of [
      await call(rt, fleetApi.templateDetail, { token: other.token, params: { id: template._id } }),
      await update(template._id, { name: 'Stolen' }, other.token),
      await call(rt, fleetApi.templateDelete, { token: other.token, params: { id: template._id } }),
    ]) {
      failure(res, 404, 'E_NOT_FOUND');
    }
    expect((await detail(template._id)).name).toBe('Private');
  });
});
