import { canUseArea, type StaffArea, type StaffRole } from '@fleetdeck/contract/staff';
import { getStaffRole } from '@/shared/lib/auth-storage';

/** Whether the signed-in staff member's role opens an area (the server decides; this only hides what it would refuse). */
export const canUse = (area: StaffArea): boolean => canUseArea(getStaffRole() as StaffRole | null, area);
