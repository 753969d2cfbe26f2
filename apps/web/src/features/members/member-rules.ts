import type { Crop, Member, Permission } from '@club/contracts';

/** The square crop the member editor sends; defined once, in the contracts. */
export type { Crop };

export const fullNameOf = (member: Pick<Member, 'first_name' | 'last_name'>): string =>
  `${member.first_name} ${member.last_name}`.trim();

/** Up to two letters for the avatar of a member without a photo. */
export function initialsOf(member: Pick<Member, 'first_name' | 'last_name'>): string {
  return [member.first_name, member.last_name]
    .map((part) => part.trim().charAt(0).toUpperCase())
    .join('');
}

/** Whether every word of the search appears in the member's name, display name, city or cars. */
export function matchesSearch(member: Member, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [member.first_name, member.last_name, member.display_name, member.city, ...member.cars]
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** Members holding the chosen permission themselves; an empty choice shows everyone. */
export function filterByPermission(members: Member[], permission: Permission | ''): Member[] {
  return permission === '' ? members : members.filter((member) => member.permissions.includes(permission));
}

/** The enabled members' addresses, ready to paste into the To or Bcc line of an e-mail. */
export function emailListOf(members: Member[]): string[] {
  return [...new Set(members.filter((member) => member.enabled && member.email !== '').map((member) => member.email))];
}

/** The second address line: "Kirkwood, MO 63122", leaving out what is blank. */
export function cityLineOf(member: Pick<Member, 'city' | 'state' | 'zip'>): string {
  const cityState = [member.city, member.state].filter((part) => part.trim() !== '').join(', ');
  return [cityState, member.zip].filter((part) => part.trim() !== '').join(' ');
}

/** The largest centred square of an image. */
export function centredSquare(width: number, height: number): Crop {
  const size = Math.min(width, height);
  return { x: Math.floor((width - size) / 2), y: Math.floor((height - size) / 2), size };
}

/** Keeps a square inside the image and at least `minSize` pixels wide, in whole pixels. */
export function clampCrop(crop: Crop, width: number, height: number, minSize = 1): Crop {
  const largest = Math.min(width, height);
  const size = Math.round(Math.min(largest, Math.max(Math.min(minSize, largest), crop.size)));
  const x = Math.round(Math.min(Math.max(0, crop.x), width - size));
  const y = Math.round(Math.min(Math.max(0, crop.y), height - size));
  return { x, y, size };
}

/** Resizing keeps the square's centre where it was, as a member expects from a zoom slider. */
export function resizeCrop(crop: Crop, size: number, width: number, height: number, minSize = 1): Crop {
  const centreX = crop.x + crop.size / 2;
  const centreY = crop.y + crop.size / 2;
  return clampCrop({ x: centreX - size / 2, y: centreY - size / 2, size }, width, height, minSize);
}

const JPEG_NAME = /\.(jpe?g|jfif)$/i;

/** A first check before upload; the server decodes the file to be sure. */
export const isJpegFile = (file: File): boolean => file.type === 'image/jpeg' || (file.type === '' && JPEG_NAME.test(file.name));
