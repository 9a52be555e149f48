// Which wizard steps a listing has completed, judged on its stored values (so a step sent in
// two halves counts once both halves are in). Steps 1–6 are required to leave draft; 7
// (channel link) and 8 (extra and Wi-Fi information) are optional and count once sent.
import type { NewProperty } from './properties.repository.ts';

export const REQUIRED_STEPS = [1, 2, 3, 4, 5, 6] as const;

type StepFields = Pick<
  NewProperty,
  | 'whoAreYou'
  | 'internalName'
  | 'publicName'
  | 'typeId'
  | 'description'
  | 'countryCode'
  | 'address'
  | 'latitude'
  | 'longitude'
  | 'basePrice'
  | 'pricePerNight'
  | 'capacity'
  | 'checkInTime'
  | 'checkOutTime'
  | 'cancellationPolicy'
>;

const set = (v: unknown) => v !== null && v !== undefined && v !== '';

const REQUIRED: Record<(typeof REQUIRED_STEPS)[number], (p: StepFields) => boolean> = {
  1: (p) => set(p.whoAreYou),
  2: (p) => set(p.internalName) && set(p.publicName) && set(p.typeId) && set(p.description),
  3: (p) => set(p.countryCode) && set(p.address) && set(p.latitude) && set(p.longitude),
  4: (p) => set(p.basePrice) && set(p.pricePerNight),
  5: (p) => set(p.capacity) && set(p.checkInTime) && set(p.checkOutTime),
  6: (p) => (p.cancellationPolicy?.length ?? 0) > 0,
};

/** The completed steps, sorted: required ones by their fields, optional ones once ever sent. */
export function completedSteps(p: StepFields, previously: number[], sentNow: number[]): number[] {
  const done = new Set<number>();
  for (const step of REQUIRED_STEPS) if (REQUIRED[step](p)) done.add(step);
  for (const step of [7, 8]) if (previously.includes(step) || sentNow.includes(step)) done.add(step);
  return [...done].sort((a, b) => a - b);
}

export function missingRequiredSteps(steps: number[]): number[] {
  return REQUIRED_STEPS.filter((s) => !steps.includes(s));
}

/** Which step each form field belongs to. */
export const STEP_OF_FIELD: Record<string, number> = {
  who_are_you: 1,
  user_id: 1,
  name_of_structure: 1,
  internal_name: 2,
  public_name: 2,
  type: 2,
  description: 2,
  country: 3,
  address: 3,
  location: 3,
  neighborhood_id: 3,
  base_price: 4,
  price_per_night: 4,
  pricing: 4,
  cleaning_fee: 4,
  tax: 4,
  security_deposit: 4,
  currency: 4,
  weekly_discount_percent: 4,
  monthly_discount_percent: 4,
  capacity: 5,
  square_footage: 5,
  check_in_time: 5,
  check_in_time_end: 5,
  check_out_time: 5,
  breakfast_included: 5,
  pets_allowed: 5,
  rules: 6,
  cancellation_policy: 6,
  specifications: 6,
  features: 6,
  channel_sync_now: 7,
  some_informations: 8,
  wifi_informations: 8,
};

export function stepsSent(input: Record<string, unknown>): number[] {
  const steps = new Set<number>();
  for (const [field, value] of Object.entries(input))
    if (value !== undefined && STEP_OF_FIELD[field]) steps.add(STEP_OF_FIELD[field]);
  return [...steps];
}
