import { PageFrame } from '../app/layout/page-frame.tsx';

export function EventListPage() {
  return (
    <PageFrame title="Events">
      <p>Upcoming club events, followed by past ones, will be listed here.</p>
    </PageFrame>
  );
}
