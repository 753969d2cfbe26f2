import { PageFrame } from '../app/layout/page-frame.tsx';

export function BoardMembersPage() {
  return (
    <PageFrame title="Board Members">
      <p>This year's officers and board members will be listed here.</p>
    </PageFrame>
  );
}
