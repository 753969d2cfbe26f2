import { useParams } from 'react-router';
import { PageFrame } from '../app/layout/page-frame.tsx';
import { RequireLogin } from '../components/require-login.tsx';

/** "Valley News March 2024.pdf" reads as "Valley News March 2024". */
function newsletterNameOf(fileName: string | undefined): string {
  const name = (fileName ?? '').replace(/\.[a-z0-9]+$/i, '').trim();
  return name === '' ? 'Valley News' : name;
}

export function NewsletterPage() {
  const { pdfUrl } = useParams();
  return (
    <PageFrame title={newsletterNameOf(pdfUrl)}>
      <RequireLogin what="this newsletter">
        <p>The newsletter will be shown here in a viewer.</p>
      </RequireLogin>
    </PageFrame>
  );
}
