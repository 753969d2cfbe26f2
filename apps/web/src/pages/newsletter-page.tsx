import { useParams, useSearchParams } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { RequireLogin } from '../components/require-login.tsx';
import { NewsletterViewer } from '../features/newsletters/newsletter-viewer.tsx';

/** "Valley News March 2024.pdf" reads as "Valley News March 2024". */
function newsletterNameOf(fileName: string | undefined): string {
  const name = (fileName ?? '').replace(/\.[a-z0-9]+$/i, '').trim();
  return name === '' ? 'Valley News' : name;
}

export function NewsletterPage() {
  const { pdfUrl = '' } = useParams();
  // A search result opens the edition at the page where its words are.
  const page = Math.max(1, Math.floor(Number(useSearchParams()[0].get('page'))) || 1);
  return (
    <PageFrame title={newsletterNameOf(pdfUrl)} width="wide">
      <RequireLogin what="this newsletter">
        <NewsletterViewer fileName={pdfUrl} page={page} />
      </RequireLogin>
    </PageFrame>
  );
}
