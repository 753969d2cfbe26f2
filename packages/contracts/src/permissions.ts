/** The permissions a member may hold (zod-free: the browser's first page uses these). */
export const PERMISSIONS = ['admin', 'blog', 'event', 'member', 'history', 'moderator', 'forum'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_LABELS: Record<Permission, string> = {
  admin: 'Administrator',
  blog: 'Add/Edit Photos',
  event: 'Add/Edit Events',
  member: 'Add/Edit/Delete Members',
  history: 'Edit History',
  moderator: 'Forum Moderator',
  forum: 'Post on Forum',
};

/** Whether a member holding `held` may do what `needed` guards: admin implies every right, moderator implies forum. */
export const hasPermission = (held: readonly string[], needed: Permission): boolean =>
  held.includes('admin') || held.includes(needed) || (needed === 'forum' && held.includes('moderator'));
