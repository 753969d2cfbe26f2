import { lazy, Suspense, useState } from 'react';
import { PageFrame } from '../components/page-frame.tsx';
import { QueryState } from '../components/query-state.tsx';
import { RequireLogin } from '../components/require-login.tsx';
import { useNewsletters } from '../features/newsletters/api/newsletters.ts';
import { NewsletterArchive } from '../features/newsletters/newsletter-archive.tsx';
import { useSession } from '../session/index.ts';

// The editor's dialog reads editions from file names with the contracts (zod): it loads when opened.
const AddNewsletterDialog = lazy(() => import('../features/newsletters/add-newsletter-dialog.tsx').then((m) => ({ default: m.AddNewsletterDialog })));

function ValleyNewsArchive() {
  const { can } = useSession();
  const editions = useNewsletters();
  const [isAdding, setIsAdding] = useState(false);
  const [saved, setSaved] = useState('');
  const [coverWarning, setCoverWarning] = useState('');
  return (
    <>
      {can('history') && (
        <div className="newsletter-toolbar">
          <button type="button" className="button button--primary" onClick={() => setIsAdding(true)}>
            Add newsletter
          </button>
          <p className="newsletter-toolbar__status" role="status">
            {saved === '' ? '' : coverWarning === '' ? `${saved} was saved.` : `${saved}: ${coverWarning}`}
          </p>
        </div>
      )}
      <QueryState query={editions} what="the newsletters" loadingLabel="Loading the newsletters…">
        {({ v }) => <NewsletterArchive editions={v} showsTextStatus={can('history')} />}
      </QueryState>
      {isAdding && (
        <Suspense fallback={null}>
          <AddNewsletterDialog
            editions={editions.data?.v ?? []}
            onSaved={(title, warning) => {
              setSaved(title);
              setCoverWarning(warning ?? '');
              setIsAdding(false);
            }}
            onClose={() => setIsAdding(false)}
          />
        </Suspense>
      )}
    </>
  );
}

export function ValleyNewsPage() {
  return (
    <PageFrame title="Valley News" width="wide" lede="The club’s monthly newsletter: the latest edition, and every past one by year.">
      <RequireLogin what="the Valley News newsletters">
        <ValleyNewsArchive />
      </RequireLogin>
    </PageFrame>
  );
}
