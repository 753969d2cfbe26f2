import type { AppDeps } from '../../deps.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import { createHistoryService } from './service.ts';

export function mountHistoryCalls(api: ApiRouter, deps: AppDeps): void {
  const history = createHistoryService(deps);

  mountCall(api, 'presidents.get', () => ({ p: history.listPresidents() }), { cache: 'shared' });

  mountCall(api, 'president.save', ({ i: id, y: year, n: name }) => ({ i: history.savePresident(id, { year, name }) }));

  mountCall(api, 'shaftAwardWinners.get', () => ({ w: history.listShaftAwardWinners() }), { cache: 'shared' });

  mountCall(api, 'shaftAwardWinner.set', async ({ i: id, y: year, n: name, img: keptImage }, { files }) => {
    const saved = await history.saveShaftAwardWinner({ id, year, name, keepImage: Boolean(keptImage), photo: files.f?.[0]?.buffer });
    return { i: saved.id, img: saved.imageUrl };
  });

  mountCall(api, 'startupParties.get', () => ({ p: history.listStartupParties() }), { cache: 'shared' });

  mountCall(api, 'startupParty.set', ({ i: id, n: name, o: owner, m: model, y: idleYears, s: dateStarted, x: extra }) => ({
    i: history.saveStartupParty(id, { name, owner, model, idleYears: idleYears ?? null, dateStarted: dateStarted ?? null, extra }),
  }));

  mountCall(
    api,
    'boardMembers.get',
    () => ({
      b: history.listBoardYears().map(({ year, imageUrl, seats }) => [year, imageUrl, JSON.stringify(seats.map(({ post, member }) => [post, member]))]),
    }),
    { cache: 'shared' },
  );

  mountCall(api, 'boardMembers.save', async ({ y: year, p: posts, m: members }, { files }) => {
    await history.saveBoardYear(year, posts, members, files.f?.[0]?.buffer);
    return {};
  });

  mountCall(api, 'idea.get', () => history.readIdea(), { cache: 'shared' });

  mountCall(api, 'idea.set', ({ t: title, c: content, a: author }) => {
    history.writeIdea({ title, content, author });
    return {};
  });
}
