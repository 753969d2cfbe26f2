import { exportListingsOfMember, removeListingsOfMember } from '../classifieds/service.ts';
import { PERMISSION_LABELS, PERMISSIONS } from '@club/contracts/plain';
import type { Crop, Member, MemberData, Permission, SessionUser } from '@club/contracts';
import { changeStampOf } from '../../db/change-stamp.ts';
import { flushWriteAheadLog } from '../../db/client.ts';
import { Directory, type DirectoryPage, type DirectoryQuery } from './directory.ts';
import { recordsOfMember } from './search-source.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { queueMail, removeOutboxFiles } from '../../services/mail.ts';
import { emailChangedMail } from '../../services/mail-templates.ts';
import { issuePasswordLink, revokePasswordLinks } from '../account/service.ts';
import { revokeCalendarFeed } from '../events/service.ts';
import { exportCarsOfMember, forgetOwnerInHistories, keepCarsOfDeletedMember, legacyCarLines, removeCarsOfMember, syncLegacyCars } from '../garage/service.ts';
import {
  deleteMember,
  eraseMember,
  findMember,
  hasOtherEnabledAdmin,
  hasPassword,
  listMembers,
  readMemberData,
  writeMember,
  type MemberFields,
} from './store.ts';

const PHOTO_SIZE = 600;

/** Every permission with its label, in the order the member editor shows them. */
export const PERMISSION_PAIRS = PERMISSIONS.map((p): [Permission, string] => [p, PERMISSION_LABELS[p]]);

const inPermissionOrder = (chosen: Permission[]): Permission[] => PERMISSIONS.filter((p) => chosen.includes(p));

/** A member as an editor saves it: id 0 adds one. Permissions count only when an administrator saves. */
type MemberSave = Omit<MemberFields, 'imagePath'> & {
  id: number;
  /** The member's cars as lines of text (the legacy list); they become the member's registry entries. Undefined leaves their cars alone. */
  cars: string[] | undefined;
  permissions: Permission[];
  /** False removes the current photo; a new `photo` replaces it either way. */
  keepPhoto: boolean;
  photo?: { buffer: Buffer; crop?: Crop };
  /** E-mail the member a link to set their own password. */
  invite: boolean;
};

export type MembersService = {
  list(): Member[];
  /** One page of the directory as the member list shows it (search, permission, order). */
  page(query: DirectoryQuery): DirectoryPage;
  /** The enabled members' e-mail addresses, each once. */
  emails(): string[];
  /** Checks the editor's rights, stores the photo, writes the member and queues the invitation together. */
  save(actor: SessionUser, member: MemberSave): Promise<{ id: number; imageUrl: string }>;
  remove(actor: SessionUser, id: number): void;
  /** Everything the site keeps about one member, for their request to see it. */
  exportData(id: number): MemberData;
  /** Deletes a member and everything the site keeps about them, files included. */
  erase(actor: SessionUser, id: number): void;
};

export function createMembersService({ db, services, config }: Pick<AppDeps, 'db' | 'services' | 'config'>): MembersService {
  const list = (): Member[] => {
    const cars = legacyCarLines(db);
    return listMembers(db).map((member) => {
      const lines = cars.get(member.id) ?? [];
      return { ...member, cars: lines.map((line) => line.label), carLinks: lines };
    });
  };
  // The directory is read from the database once per change to it, not once per request.
  const changes = changeStampOf(db);
  let directory: { stamp: string; value: Directory } | undefined;
  const currentDirectory = (): Directory => {
    const stamp = changes();
    if (directory?.stamp !== stamp) directory = { stamp, value: new Directory(list()) };
    return directory.value;
  };

  return {
    list,
    page: (query) => currentDirectory().page(query),
    emails: () => currentDirectory().emails(),

    async save(actor, { id, permissions: chosen, keepPhoto, photo, invite, cars, ...input }) {
      const isAdmin = actor.permissions.includes('admin');
      const isSelf = id === actor.id;
      const existing = id === 0 ? undefined : findMember(db, id);
      if (id !== 0 && !existing) throw notFound('That member');
      if (existing && !isAdmin && existing.permissions.includes('admin')) {
        throw forbidden("Only an administrator can change an administrator's record.");
      }
      // The e-mail address is the login, and a reset link goes to it: changing it hands over the account.
      const emailChanges = existing !== undefined && existing.email !== input.email.toLowerCase();
      if (emailChanges && !isAdmin && existing.permissions.length > 0) {
        throw forbidden('Only an administrator can change the e-mail address of a member with editing rights, as it is their login.');
      }
      if (emailChanges && !isAdmin && hasPassword(db, existing.id)) {
        throw forbidden('Only an administrator can change the e-mail address of a member who has set a password, as it is their login.');
      }
      if (isSelf && !input.enabled) {
        throw badRequest('You cannot disable your own record, as you could no longer log in. Ask another member editor if it must be done.');
      }
      if (invite && !input.enabled) {
        throw badRequest('An invitation can only be sent to an enabled member. Tick "Enabled", or untick the invitation.');
      }
      // Only administrators grant rights; anyone else's save leaves them as they are.
      const permissions = isAdmin ? inPermissionOrder(chosen) : undefined;
      if (isSelf && permissions && !permissions.includes('admin') && !hasOtherEnabledAdmin(db, actor.id)) {
        throw badRequest('You are the only administrator. Give another member the Administrator permission before removing it from yourself.');
      }

      const keptPhoto = keepPhoto ? (existing?.imagePath ?? '') : '';
      const pending = photo && { buffer: photo.buffer, options: { folder: 'members', maxSize: PHOTO_SIZE, crop: photo.crop } };
      const saved = await services.images.saveWithUploads([pending], ([newPhoto]) => {
        const fields: MemberFields = { ...input, imagePath: newPhoto ?? keptPhoto };
        let droppedCarPhotos: string[] = [];
        const memberId = db.transaction((tx) => {
          const carsBefore = id === 0 ? [] : recordsOfMember(tx, id).cars;
          const written = writeMember(tx, id, fields, permissions);
          if (cars !== undefined) droppedCarPhotos = syncLegacyCars(tx, written, cars);
          services.search.reindex(tx, 'member', [written]);
          services.search.reindex(tx, 'car', [...new Set([...carsBefore, ...recordsOfMember(tx, written).cars])]);
          // A link sent to the old (perhaps mistyped) address, or to a member now disabled, must die;
          // revoked before a new invitation is issued, so that one stays open.
          if (existing && (emailChanges || !fields.enabled)) revokePasswordLinks(tx, written);
          // A disabled member's feed dies with their access; re-enabling (also of a member disabled
          // before feeds were revoked) never revives an old address.
          if (existing && (!fields.enabled || !existing.enabled)) revokeCalendarFeed(tx, written);
          // The old address is told of any change, so a takeover does not go unseen.
          if (existing && emailChanges) {
            queueMail(
              tx,
              emailChangedMail({ to: existing.email, firstName: existing.firstName, newEmail: fields.email.toLowerCase(), clubName: config.clubName }),
            );
          }
          if (invite) issuePasswordLink(tx, config, { to: fields.email, members: [{ id: written, firstName: fields.firstName }], kind: 'invite' });
          return written;
        });
        const dropped = existing?.imagePath !== fields.imagePath ? existing?.imagePath : undefined;
        return { result: { id: memberId, imageUrl: fields.imagePath }, dropped: [dropped, ...droppedCarPhotos] };
      });
      if (invite || emailChanges) services.mail.kick();
      return saved;
    },

    remove(actor, id) {
      if (id === actor.id) {
        throw badRequest('You cannot delete your own record. Ask another member editor if it must be done.');
      }
      const existing = findMember(db, id);
      if (!existing) throw notFound('That member');
      if (!actor.permissions.includes('admin') && existing.permissions.includes('admin')) {
        throw forbidden("Only an administrator can delete an administrator's record.");
      }
      // Their cars stay in the registry as a former member's, their name kept in each car's history.
      // Their classified listings go with them (a listing is the seller's offer, not the club's record).
      const listingPhotos = db.transaction((tx) => {
        const { cars: carIds } = recordsOfMember(tx, id);
        keepCarsOfDeletedMember(tx, id);
        const photos = removeListingsOfMember(tx, services.search, id);
        deleteMember(tx, id);
        services.search.reindex(tx, 'member', [id]);
        services.search.reindex(tx, 'car', carIds);
        return photos;
      });
      for (const url of [existing.imagePath, ...listingPhotos]) if (url) services.images.remove(url);
    },

    exportData(id) {
      const data = readMemberData(db, id);
      if (!data) throw notFound('That member');
      const lines = legacyCarLines(db).get(id) ?? [];
      return {
        exported: new Date().toISOString(),
        ...data,
        member: { ...data.member, cars: lines.map((line) => line.label), carLinks: lines },
        registryCars: exportCarsOfMember(db, id),
        listings: exportListingsOfMember(db, id),
      };
    },

    erase(actor, id) {
      if (id === actor.id) {
        throw badRequest('You cannot erase your own data while logged in. Ask another administrator if it must be done.');
      }
      const existing = findMember(db, id);
      if (!existing) throw notFound('That member');
      // Erasure takes the member's cars too (unlike a deletion, which keeps them as a former member's),
      // and their name out of the history of cars they sold.
      const erased = db.transaction((tx) => {
        const indexed = recordsOfMember(tx, id);
        const soldCars = forgetOwnerInHistories(tx, id);
        const carPhotos = [...removeCarsOfMember(tx, id), ...removeListingsOfMember(tx, services.search, id)];
        const result = { ...eraseMember(tx, id), carPhotos };
        services.search.reindex(tx, 'member', [id]);
        services.search.reindex(tx, 'car', [...new Set([...indexed.cars, ...soldCars])]);
        services.search.reindex(tx, 'forumThread', indexed.threads);
        services.search.reindex(tx, 'forumPost', indexed.posts);
        return result;
      });
      for (const url of [...erased.imageUrls, ...erased.carPhotos]) services.images.remove(url);
      removeOutboxFiles(config, erased.outboxIds);
      // secure_delete zeroes the rows in the database file; the WAL's older copies go too.
      flushWriteAheadLog(db);
    },
  };
}
