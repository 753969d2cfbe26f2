import { PageFrame } from '../app/layout/page-frame.tsx';

export function FoundersPage() {
  return (
    <PageFrame title="Our Founders">
      <p>Articles about the three members who founded the club will appear here.</p>
    </PageFrame>
  );
}
