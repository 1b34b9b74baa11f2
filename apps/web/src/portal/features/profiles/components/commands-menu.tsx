import type { CommandType, DeviceDetail, ProfileDetail } from '@fleetdeck/contract';
import { Button, Menu } from '@mantine/core';
import {
  IconBell,
  IconHistory,
  IconChevronDown,
  IconLock,
  IconMapPin,
  IconRefresh,
  IconRotateClockwise,
  IconShieldExclamation,
  IconTerminal2,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LazySendCommandDialog } from '@/portal/components/commands/lazy-send-command-dialog';
import type { CommandParamValues } from '@/portal/components/commands/send-command-dialog';
import { paths } from '@/portal/config/paths';
import { Allowed } from '@/portal/lib/permissions';

/** A command the menu opens: its type and the params set by the item (lost mode on or off). */
export interface CommandChoice {
  type: CommandType;
  preset?: Partial<CommandParamValues>;
}

const ITEMS: { label: string; icon: ReactNode; choice: CommandChoice }[] = [
  { label: 'Lock…', icon: <IconLock size={16} />, choice: { type: 'lock' } },
  { label: 'Reboot…', icon: <IconRotateClockwise size={16} />, choice: { type: 'reboot' } },
  { label: 'Ring…', icon: <IconBell size={16} />, choice: { type: 'ring' } },
  { label: 'Locate…', icon: <IconMapPin size={16} />, choice: { type: 'locate' } },
  { label: 'Sync…', icon: <IconRefresh size={16} />, choice: { type: 'sync' } },
];

/** Opens the send dialog for one device: the menu on its page, the lost mode banner, a row of its applications. */
export function useDeviceCommand(profile: Pick<ProfileDetail, '_id' | 'name'>) {
  const [choice, setChoice] = useState<CommandChoice | null>(null);
  const dialog = (
    <LazySendCommandDialog
      opened={choice !== null}
      onClose={() => setChoice(null)}
      target={{ profileIds: [profile._id] }}
      targetName={profile.name}
      type={choice?.type ?? null}
      preset={choice?.preset}
    />
  );
  return { open: setChoice, dialog };
}

/**
 * The device page's "Commands" menu (DECISIONS §11): Lock, Reboot, Ring, Locate, Lost mode (on, or off while on) and
 * Sync, each through the send dialog (preflight, confirmation naming the device, then the command's page).
 */
export function CommandsMenu({
  profile,
  lostMode,
}: {
  profile: Pick<ProfileDetail, '_id' | 'name'>;
  lostMode: DeviceDetail['lostMode'] | undefined;
}) {
  const command = useDeviceCommand(profile);
  return (
    <>
      {/* Kept open while its button is clipped (it sits in the header's card, which hides overflow). */}
      <Menu position="bottom-end" withinPortal hideDetached={false}>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconTerminal2 size={16} />}
            rightSection={<IconChevronDown size={14} />}
          >
            Commands
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {/* A member who may not change the fleet (a Viewer) sees only the commands the device received. */}
          <Allowed to="fleet.write">
            {ITEMS.map((item) => (
              <Menu.Item key={item.choice.type} leftSection={item.icon} onClick={() => command.open(item.choice)}>
                {item.label}
              </Menu.Item>
            ))}
            <Menu.Divider />
            {lostMode ? (
              <Menu.Item
                leftSection={<IconShieldExclamation size={16} />}
                onClick={() => command.open({ type: 'lost_mode', preset: { enabled: false } })}
              >
                Turn off lost mode…
              </Menu.Item>
            ) : (
              <Menu.Item
                color="red"
                leftSection={<IconShieldExclamation size={16} />}
                onClick={() => command.open({ type: 'lost_mode', preset: { enabled: true } })}
              >
                Lost mode…
              </Menu.Item>
            )}
            <Menu.Divider />
          </Allowed>
          <Menu.Item
            component={Link}
            to={paths.portal.commands.getHref(profile._id)}
            leftSection={<IconHistory size={16} />}
          >
            Commands it received
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {command.dialog}
    </>
  );
}
