import { CAR_VISIBILITY_LABELS, FORMER_MEMBER_LABEL, carLabelOf, type CarVisibility } from '@club/contracts/plain';

type CarLine = { year: number | null; bodyStyle: string; name: string };
type CarOwner = { owner: string | null; isFormerMembers: boolean; visibility: CarVisibility };

/** The car's one line, as the member list says it: "1929 Roadster Betsy". */
export const carTitleOf = (car: CarLine): string => carLabelOf(car);

/** Who owns it, as this viewer may know it. */
export function ownerLineOf(car: CarOwner): string {
  if (car.isFormerMembers) return FORMER_MEMBER_LABEL;
  if (car.owner !== null) return `Owner: ${car.owner}`;
  return 'Owner not shown';
}

export const visibilityLabelOf = (visibility: CarVisibility): string => CAR_VISIBILITY_LABELS[visibility];

/** A story's paragraphs: blank lines separate them. */
export const paragraphsOf = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
