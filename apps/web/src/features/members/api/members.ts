import { useCallMutation, useCallQuery } from '../../../api/call-query.ts';

/** The directory: every member the viewer may see, with the permission list. */
export const useMembers = () => useCallQuery('members.get', {});

/**
 * Adds a member (id 0) or changes one, with their photo; the directory is reloaded, and the
 * session too when it is the member's own record (an admin's own permissions apply at once).
 */
export const useSaveMember = (isOwnRecord: boolean) =>
  useCallMutation('member.save', { invalidates: isOwnRecord ? ['members.get', 'session.get'] : ['members.get'] });

/** Deletes a member; the directory is reloaded. */
export const useDeleteMember = () => useCallMutation('member.delete', { invalidates: ['members.get'] });

/** Everything the site keeps about one member, for the administrator to hand over on request. */
export const useExportMemberData = () => useCallMutation('member.export');

/** Deletes a member and all their data; the directory is reloaded. */
export const useEraseMember = () => useCallMutation('member.erase', { invalidates: ['members.get'] });
