/** Zod-free facts of the garage (the call table and the browser's pages use them). */

/** Who may see a car: members only (the default), the public without the owner's name, or the public with it. */
export const CAR_VISIBILITIES = ['members', 'public', 'public-named'] as const;
export type CarVisibility = (typeof CAR_VISIBILITIES)[number];
export const CAR_VISIBILITY_LABELS: Record<CarVisibility, string> = {
  members: 'Members only',
  public: "Public, without the owner's name",
  'public-named': "Public, with the owner's name",
};

export const CAR_MAX_PHOTOS = 12;
/** The registry's page of cars. */
export const REGISTRY_PAGE_SIZE = 24;
/** The first year a car in the registry can be from (the range: 1903 to next year). */
export const FIRST_CAR_YEAR = 1903;
export const lastCarYear = (): number => new Date().getFullYear() + 1;
export const CAR_STORY_MAX = 10_000;

/** The body styles the registry starts with; the admin adds more (`bodyStyle.add`). */
export const DEFAULT_BODY_STYLES = [
  'Roadster',
  'Phaeton',
  'Coupe',
  'Sport Coupe',
  'Cabriolet',
  'Tudor',
  'Fordor',
  'Town Sedan',
  'Victoria',
  'Station Wagon',
  'Pickup',
  'Town Car',
  'Taxi',
  'Truck',
  'Other',
] as const;

/** What a deleted member's car says where the owner's name would be. */
export const FORMER_MEMBER_LABEL = "Former member's car";

/** A car's one line, as the legacy `cars` strings of a member read: "1929 Roadster Betsy". */
export const carLabelOf = (car: { year: number | null; bodyStyle: string; name: string }): string =>
  [car.year === null ? '' : String(car.year), car.bodyStyle, car.name].filter(Boolean).join(' ') || 'Model A';
