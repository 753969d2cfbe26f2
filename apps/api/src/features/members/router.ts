import type { AppDeps } from '../../deps.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import { createMembersService, PERMISSION_PAIRS } from './service.ts';

export function mountMembersCalls(api: ApiRouter, deps: AppDeps): void {
  const members = createMembersService(deps);

  mountCall(api, 'members.get', () => ({ m: members.list(), p: PERMISSION_PAIRS }), { cache: 'shared' });

  mountCall(api, 'members.page', ({ q, permission, sort, page }) => members.page({ words: q, permission, sort, page }), { cache: 'shared' });

  mountCall(api, 'members.emails', () => ({ emails: members.emails() }), { cache: 'shared' });

  mountCall(api, 'member.save', async (input, { user, files }) => {
    const photo = files.f?.[0];
    const saved = await members.save(user, {
      id: input.i,
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
      cars: input.keepCars ? undefined : input.cars,
      permissions: input.perm,
      keepPhoto: input.img !== '',
      photo: photo && { buffer: photo.buffer, crop: input.ic },
      invite: input.invite,
    });
    return { i: saved.id, img: saved.imageUrl };
  });

  mountCall(api, 'member.delete', ({ id }, { user }) => {
    members.remove(user, id);
    return {};
  });

  mountCall(api, 'member.export', ({ id }) => ({ d: members.exportData(id) }));

  mountCall(api, 'member.erase', ({ id }, { user }) => {
    members.erase(user, id);
    return {};
  });
}
