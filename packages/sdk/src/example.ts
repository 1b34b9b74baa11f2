import type { FleetdeckClient } from './index.ts';

/**
 * The README's script (packages/sdk/README.md), run by `sdk.test.ts` against a real server: lists the devices and
 * locks the one of this name. Answers the lock command's id.
 */
export async function lockDevice(fleet: FleetdeckClient, name: string): Promise<string> {
  const { data: page, error } = await fleet.GET('/api/v1/admin/profile/list', {
    params: { query: { limit: 50, search: name } },
  });
  if (error) throw new Error(`listing the devices failed: ${error.respones_msg}`);
  const device = page.data.find((d) => d.profileName === name);
  if (!device) throw new Error(`no device named ${name}`);
  const { data: sent, error: refused } = await fleet.POST('/api/v1/admin/commands', {
    body: { type: 'lock', profileIds: [device._id] },
  });
  if (refused) throw new Error(`the lock was refused: ${refused.respones_msg}`);
  return sent.data._id;
}
