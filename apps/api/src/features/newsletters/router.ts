import type { AppDeps } from '../../deps.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import { mountNewsletterFileRoute } from './file-route.ts';
import { createNewslettersService } from './service.ts';

export function mountNewslettersCalls(api: ApiRouter, deps: AppDeps): void {
  const newsletters = createNewslettersService(deps);

  mountCall(
    api,
    'newsletters.get',
    () => {
      const editions = newsletters.list();
      return { n: editions.map((edition) => edition.fileName), v: editions };
    },
    { cache: 'shared' },
  );

  mountCall(api, 'newsletter.set', async ({ m: month, y: year, s: isSpecial, r: replace }, { files }) => {
    const file = files.f?.[0];
    const { fileName, coverWarning } = await newsletters.save({ file: file?.buffer, originalName: file?.originalName ?? '', year, month, isSpecial, replace });
    return coverWarning === undefined ? { n: fileName } : { n: fileName, w: coverWarning };
  });

  mountCall(api, 'newsletter.link', ({ n: fileName }) => {
    const { url, downloadUrl, newsletter } = newsletters.link(fileName);
    return { u: url, d: downloadUrl, v: newsletter };
  });

  mountNewsletterFileRoute(api.routes, newsletters);
}
