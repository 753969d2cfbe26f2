import { useParams } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { RequireLogin } from '../components/require-login.tsx';
import { ForumView } from '../features/forum/forum-view.tsx';

/** /forum and /forum/{threadId}: the list of threads and the selected one. */
export function ForumPage() {
  const { threadId } = useParams();
  const selected = threadId !== undefined && /^\d+$/.test(threadId) ? Number(threadId) : undefined;
  return (
    <PageFrame title="Forum" width="wide">
      <RequireLogin what="the forum">
        <ForumView threadId={selected} />
      </RequireLogin>
    </PageFrame>
  );
}
