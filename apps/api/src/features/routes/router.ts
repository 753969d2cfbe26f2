import { hasPermission } from '@club/contracts/plain';
import type { AppDeps } from '../../deps.ts';
import { badRequest } from '../../errors.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import type { CacheScope } from '../../http/reply-cache.ts';
import { createRoutesService } from './service.ts';

/** What a route read's answer depends on: whether a member asks ... */
const BY_MEMBERSHIP: CacheScope = { viewer: (user) => (user ? 'member' : 'visitor') };
/** ... and whether the member edits events (`canEdit`, the phone list). */
const BY_ROLE: CacheScope = {
  viewer: (user) => (!user ? 'visitor' : hasPermission(user.permissions, 'event') ? 'editor' : 'member'),
  // A visitor's book has no event in it, whichever event id they send.
  inputOf: ({ eventId: _eventId, ...rest }, user) => (user ? { eventId: _eventId, ...rest } : rest),
};

export function mountRoutesCalls(api: ApiRouter, deps: AppDeps): void {
  const routes = createRoutesService(deps);

  // Visitors see the public routes only and no events, members all of them, and event editors
  // also may edit and get the phone list: one cached answer per kind of viewer, shared by all.
  mountCall(api, 'routes.list', (_input, { user }) => routes.list(user), { cache: BY_MEMBERSHIP });
  mountCall(api, 'route.get', ({ id, eventId }, { user }) => routes.readBook(user, id, eventId), { cache: BY_ROLE });
  mountCall(api, 'route.gpx', ({ id }, { user }) => routes.exportGpx(user, id), { cache: BY_MEMBERSHIP });
  mountCall(
    api,
    'route.pdf',
    async ({ id, eventId }, { user, ip }) => {
      const { pdf, fileName } = await routes.exportPdf(user, id, eventId, ip);
      return { pdf: pdf.toString('base64'), fileName };
    },
    { cache: BY_ROLE },
  );
  mountCall(api, 'event.route', ({ eventId }) => ({ route: routes.ofEvent(eventId), showKilometres: routes.showKilometres }), { cache: 'shared' });

  mountCall(api, 'route.save', (input) => ({
    i: routes.save({
      id: input.id,
      title: input.title,
      description: input.description,
      start: input.start,
      finish: input.finish,
      region: input.region,
      visibility: input.visibility,
      steps: input.steps,
    }),
  }));

  mountCall(api, 'route.delete', ({ id }) => {
    routes.remove(id);
    return {};
  });

  mountCall(api, 'route.import', async ({ id }, { files }) => {
    const file = files.f?.[0];
    if (!file) throw badRequest('Please choose the GPX file to import.');
    const imported = await routes.importGpx(id, file.buffer);
    return { i: imported.id, steps: imported.steps, miles: imported.miles };
  });

  mountCall(api, 'route.attach', ({ eventId, routeId }) => {
    routes.attach(eventId, routeId);
    return {};
  });
}
