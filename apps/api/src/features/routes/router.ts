import type { AppDeps } from '../../deps.ts';
import { badRequest } from '../../errors.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import { createRoutesService } from './service.ts';

export function mountRoutesCalls(api: ApiRouter, deps: AppDeps): void {
  const routes = createRoutesService(deps);

  // Visitors see the public routes only, members all of them: answers are cached per viewer.
  mountCall(api, 'routes.list', (_input, { user }) => routes.list(user), { cache: 'member' });
  mountCall(api, 'route.get', ({ id, eventId }, { user }) => routes.readBook(user, id, eventId), { cache: 'member' });
  mountCall(api, 'route.gpx', ({ id }, { user }) => routes.exportGpx(user, id), { cache: 'member' });
  mountCall(
    api,
    'route.pdf',
    async ({ id, eventId }, { user }) => {
      const { pdf, fileName } = await routes.exportPdf(user, id, eventId);
      return { pdf: pdf.toString('base64'), fileName };
    },
    { cache: 'member' },
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

  mountCall(api, 'route.import', ({ id }, { files }) => {
    const file = files.f?.[0];
    if (!file) throw badRequest('Please choose the GPX file to import.');
    const imported = routes.importGpx(id, file.buffer);
    return { i: imported.id, steps: imported.steps, miles: imported.miles };
  });

  mountCall(api, 'route.attach', ({ eventId, routeId }) => {
    routes.attach(eventId, routeId);
    return {};
  });
}
