import type { AppDeps } from '../../deps.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import { createGarageService } from './service.ts';

export function mountGarageCalls(api: ApiRouter, deps: AppDeps): void {
  const garage = createGarageService(deps);

  // What a reader sees depends on whether they are logged in (and, for car.get, who they are).
  mountCall(api, 'cars.list', ({ page, year, bodyStyle, colour, hasPhotos }, { user }) => garage.list(user, { year, bodyStyle, colour, hasPhotos }, page), {
    cache: 'member',
  });
  mountCall(api, 'cars.stats', (_input, { user }) => garage.stats(user), { cache: 'member' });
  mountCall(api, 'car.get', ({ id }, { user }) => ({ car: garage.readOne(user, id) }), { cache: 'member' });
  mountCall(api, 'cars.mine', (_input, { user }) => ({ cars: garage.mine(user) }), { cache: 'member' });

  mountCall(api, 'car.save', async (input, { user, files }) => {
    const saved = await garage.save(user, {
      id: input.id,
      ownerId: input.ownerId,
      year: input.year,
      bodyStyle: input.bodyStyle,
      colour: input.colour,
      name: input.name,
      story: input.story,
      engineNumber: input.engineNumber,
      serial: input.serial,
      visibility: input.visibility,
      keptPhotos: input.photos,
      newPhotos: (files.f ?? []).map((file) => file.buffer),
      history: input.history,
    });
    return { i: saved.id, photos: saved.photos };
  });

  mountCall(api, 'car.delete', ({ id }, { user }) => {
    garage.remove(user, id);
    return {};
  });

  mountCall(api, 'bodyStyles.get', () => ({ styles: garage.bodyStyles() }), { cache: 'shared' });
  mountCall(api, 'bodyStyle.add', ({ name }) => ({ styles: garage.addBodyStyle(name) }));
  mountCall(api, 'cars.export', () => garage.exportCsv());
}
