import { PageFrame } from '../app/layout/page-frame.tsx';

export function ClubDocumentsPage() {
  return (
    <PageFrame title="Club Documents">
      <p>The club's constitution and by-laws will be linked here.</p>
    </PageFrame>
  );
}
