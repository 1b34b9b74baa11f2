import type {
  ApplicationAction,
  ProductType,
  ProfileApplication,
  Template,
  TemplateSettingsInput,
} from '@fleetdeck/contract';
import type { SettingsChange } from '@/portal/components/settings/target';

/*
 * A template's application lists (`settings.profileApplications`: the uninstall/clear lists and the kiosk list of
 * every kind, in one array) as the lists show them, and a list change as the whole new array.
 */

type Entry = Record<string, unknown>;
type EntryInput = NonNullable<TemplateSettingsInput['profileApplications']>[number];

const kindOf = (productType: ProductType | null | undefined) => productType ?? 'cleaner';

/** An entry of a template has no id of its own: its list (kind) and package name name it. */
export const entryId = (productType: ProductType | null | undefined, appPackageName: string) =>
  `${kindOf(productType)}:${appPackageName}`;

const str = (value: unknown) => (typeof value === 'string' ? value : '');

function shown(raw: Entry, template: Template): ProfileApplication {
  const productType = (raw.productType ?? null) as ProductType | null;
  const appPackageName = str(raw.appPackageName);
  const details = (raw.appDetails ?? {}) as Entry;
  return {
    _id: entryId(productType, appPackageName),
    appPackageName,
    appIcon: str(raw.appIcon),
    status: (raw.status ?? 'Uninstall') as ApplicationAction,
    appDetails: { title: str(details.title), icon: str(details.icon), appId: str(details.appId) || appPackageName },
    productType,
    created_at: str(raw.created_at) || template.updated_at,
  };
}

const asInput = (e: ProfileApplication): EntryInput => ({
  appPackageName: e.appPackageName,
  status: e.status,
  productType: e.productType,
  appIcon: e.appIcon,
  appDetails: e.appDetails,
});

/** Every entry of the template, as the lists show them. */
const allEntries = (template: Template) => template.settings.profileApplications.map((raw) => shown(raw, template));

/** One list of the template: its entries of that kind. */
export const templateApplications = (template: Template, productType: ProductType | undefined) =>
  allEntries(template).filter((e) => kindOf(e.productType) === kindOf(productType));

/** A list change as the template's new `profileApplications`; undefined for a change of another setting. */
export function applicationsOfChange(template: Template, change: SettingsChange): EntryInput[] | undefined {
  const entries = allEntries(template);
  switch (change.op) {
    case 'addApplication': {
      const { appPackageName, status, productType, appIcon, appDetails } = change.request;
      const added = { appPackageName: appPackageName.trim(), status, productType: productType ?? null };
      const kept = entries.filter((e) => e._id !== entryId(added.productType, added.appPackageName)).map(asInput);
      return [
        ...kept,
        { ...added, appIcon: appIcon ?? '', appDetails: appDetails ?? { title: '', icon: '', appId: '' } },
      ];
    }
    case 'updateApplication': {
      const { appPackageName, status, productType } = change.request;
      return entries.map((e) =>
        asInput(
          e.appPackageName === appPackageName && kindOf(e.productType) === kindOf(productType) ? { ...e, status } : e,
        ),
      );
    }
    case 'deleteApplication':
      return entries.filter((e) => e._id !== change.request.id).map(asInput);
    default:
      return undefined;
  }
}
