import { z } from 'zod/mini';

/** App families and their plan identifiers (DECISIONS §1). One family = one licence pool. */
export const FAMILIES = ['PD', 'PDOW', 'SL', 'PC', 'UB', 'KM', 'POB', 'PCHAT'] as const;
export const familySchema = z.enum(FAMILIES);
export type Family = z.infer<typeof familySchema>;

export const PLAN_CODES = [
  'PD',
  'PDOT',
  'PDOW',
  'PDOWOT',
  'SL',
  'SLOT',
  'PC',
  'PCOT',
  'UB',
  'UBOT',
  'KM',
  'KMOT',
  'POB',
  'POBOT',
  'PCHAT',
] as const;
export const planCodeSchema = z.enum(PLAN_CODES);
export type PlanCode = z.infer<typeof planCodeSchema>;

export const FAMILY_PLANS: Record<Family, { recurring: PlanCode; oneTime: PlanCode | null }> = {
  PD: { recurring: 'PD', oneTime: 'PDOT' },
  PDOW: { recurring: 'PDOW', oneTime: 'PDOWOT' },
  SL: { recurring: 'SL', oneTime: 'SLOT' },
  PC: { recurring: 'PC', oneTime: 'PCOT' },
  UB: { recurring: 'UB', oneTime: 'UBOT' },
  KM: { recurring: 'KM', oneTime: 'KMOT' },
  POB: { recurring: 'POB', oneTime: 'POBOT' },
  PCHAT: { recurring: 'PCHAT', oneTime: null },
};

export const familyOfPlan = (code: PlanCode): Family =>
  (Object.keys(FAMILY_PLANS) as Family[]).find(
    (f) => FAMILY_PLANS[f].recurring === code || FAMILY_PLANS[f].oneTime === code,
  )!;

/** Products offered on the login page selector (spec 1 §2). */
export const LOGIN_PRODUCTS = ['PD', 'PC', 'UB', 'KM', 'POB'] as const;

/** Name of each family for people; `{product}` stands for the white-label title (see `familyDisplayName`). */
export const FAMILY_LABELS: Record<Family, string> = {
  PD: '{product}',
  PDOW: '{product} Owner App',
  SL: 'Super Lock',
  PC: 'Power Cleaner',
  UB: 'URL Blocker',
  KM: 'Key Mapper',
  POB: 'Power On Boot',
  PCHAT: 'Power Chat',
};

/** Display name of a family, with `{product}` replaced by the white-label title. */
export const familyDisplayName = (family: Family, product: string): string =>
  FAMILY_LABELS[family].replace('{product}', () => product);

/** The family of a plan or family code (`SLOT` → `SL`); undefined for anything else (e.g. `PDALL`). */
export const familyOfCode = (code: string): Family | undefined =>
  (PLAN_CODES as readonly string[]).includes(code) ? familyOfPlan(code as PlanCode) : undefined;
