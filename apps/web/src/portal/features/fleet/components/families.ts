import { FAMILIES, familyDisplayName, type Family } from '@fleetdeck/contract';
import { useProductName } from '@/shared/lib/app-config';

/** The families whose devices can be grouped: every one but Power Chat (its users are not devices). */
export const DEVICE_FAMILIES = FAMILIES.filter((f) => f !== 'PCHAT') as Exclude<Family, 'PCHAT'>[];

/** The family choices of a select: "Super Lock (SL)". */
export function useFamilyOptions() {
  const product = useProductName();
  return DEVICE_FAMILIES.map((f) => ({ value: f, label: `${familyDisplayName(f, product)} (${f})` }));
}
