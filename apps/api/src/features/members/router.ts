import { PERMISSION_LABELS, PERMISSIONS, type Permission } from '@club/contracts';
import type { AppDeps } from '../../app.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import { hashToken, newToken } from '../../http/tokens.ts';
import { queueMail } from '../../services/mail.ts';
import { INVITE_LINK_DAYS, inviteMail } from '../account/password-mail.ts';
import { insertPasswordReset } from '../account/store.ts';
import { emailChangedMail, hasPassword } from './email-change.ts';
import { deleteMember, findMember, hasOtherEnabledAdmin, isEmailTaken, listMembers, saveMember, type MemberFields } from './store.ts';

const PHOTO_SIZE = 600;
const DAY_MS = 86_400_000;

const DUPLICATE_EMAIL = 'Another member already uses that e-mail address.';

const PERMISSION_PAIRS = PERMISSIONS.map((p): [Permission, string] => [p, PERMISSION_LABELS[p]]);

const inPermissionOrder = (chosen: Permission[]): Permission[] => PERMISSIONS.filter((p) => chosen.includes(p));

export function mountMembersCalls(api: ApiRouter, { db, services, config }: AppDeps): void {
  mountCall(api, 'members.get', () => ({ m: listMembers(db), p: PERMISSION_PAIRS }));

  mountCall(api, 'member.save', async (input, { user, files }) => {
    const isAdmin = user.permissions.includes('admin');
    const isSelf = input.i === user.id;
    const existing = input.i === 0 ? undefined : findMember(db, input.i);
    if (input.i !== 0 && !existing) throw notFound('That member');
    if (existing && !isAdmin && existing.permissions.includes('admin')) {
      throw forbidden("Only an administrator can change an administrator's record.");
    }
    // The e-mail address is the login, and a reset link goes to it: changing it hands over the account.
    const emailChanges = existing !== undefined && existing.email !== input.e.toLowerCase();
    if (emailChanges && !isAdmin && existing.permissions.length > 0) {
      throw forbidden('Only an administrator can change the e-mail address of a member with editing rights, as it is their login.');
    }
    if (emailChanges && !isAdmin && hasPassword(db, existing.id)) {
      throw forbidden('Only an administrator can change the e-mail address of a member who has set a password, as it is their login.');
    }
    if (isSelf && !input.o) {
      throw badRequest('You cannot disable your own record, as you could no longer log in. Ask another member editor if it must be done.');
    }
    if (input.invite && !input.o) {
      throw badRequest('An invitation can only be sent to an enabled member. Tick "Enabled", or untick the invitation.');
    }
    // Only administrators grant rights; anyone else's save leaves them as they are.
    const permissions = isAdmin ? inPermissionOrder(input.perm) : undefined;
    if (isSelf && permissions && !permissions.includes('admin') && !hasOtherEnabledAdmin(db, user.id)) {
      throw badRequest('You are the only administrator. Give another member the Administrator permission before removing it from yourself.');
    }
    if (isEmailTaken(db, input.e, input.i)) throw badRequest(DUPLICATE_EMAIL);

    const file = files.f?.[0];
    const newPhoto = file
      ? await services.images.storeJpeg(file.buffer, { folder: 'members', maxSize: PHOTO_SIZE, crop: input.ic })
      : undefined;
    const keptPhoto = input.img === '' ? '' : (existing?.imagePath ?? '');
    const fields: MemberFields = {
      enabled: input.o,
      firstName: input.fn,
      lastName: input.l,
      displayName: input.displayName,
      email: input.e,
      phone: input.p,
      address: input.a,
      city: input.c,
      state: input.s,
      zip: input.z,
      cars: input.cars,
      imagePath: newPhoto ?? keptPhoto,
    };
    const inviteToken = input.invite ? newToken() : undefined;

    let id: number | undefined;
    try {
      id = saveMember(db, input.i, fields, permissions, (tx, memberId) => {
        if (emailChanges) {
          queueMail(tx, emailChangedMail({ to: existing.email, firstName: existing.firstName, newEmail: fields.email, clubName: config.clubName }));
        }
        if (!inviteToken) return;
        insertPasswordReset(tx, {
          memberId,
          tokenHash: hashToken(inviteToken),
          expires: new Date(Date.now() + INVITE_LINK_DAYS * DAY_MS).toISOString(),
        });
        queueMail(tx, inviteMail({ to: fields.email, firstName: fields.firstName, link: `${config.baseUrl}/reset/${inviteToken}`, clubName: config.clubName }));
      });
    } finally {
      // A photo stored for a save that did not happen would be an orphan.
      if (id === undefined && newPhoto) services.images.remove(newPhoto);
    }
    if (id === undefined) throw badRequest(DUPLICATE_EMAIL);
    if (existing?.imagePath && existing.imagePath !== fields.imagePath) services.images.remove(existing.imagePath);
    if (inviteToken || emailChanges) services.mail.kick();
    return { i: id, img: fields.imagePath };
  });

  mountCall(api, 'member.delete', ({ id }, { user }) => {
    if (id === user.id) {
      throw badRequest('You cannot delete your own record. Ask another member editor if it must be done.');
    }
    const existing = findMember(db, id);
    if (!existing) throw notFound('That member');
    if (!user.permissions.includes('admin') && existing.permissions.includes('admin')) {
      throw forbidden("Only an administrator can delete an administrator's record.");
    }
    deleteMember(db, id);
    if (existing.imagePath) services.images.remove(existing.imagePath);
    return {};
  });
}
