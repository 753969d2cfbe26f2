import type { ForumThreadSummary } from '@club/contracts';
import { Link } from 'react-router';
import { forumPath } from '../../lib/paths.ts';
import { ForumDate } from './forum-date.tsx';
import { describeReplyCount } from './forum-rules.ts';
import { WaitingBadge } from './waiting-badge.tsx';

export type ThreadListProps = { threads: ForumThreadSummary[]; selectedId: number | undefined; isUpdating?: boolean };

/** A page of the threads the member may see, in the server's order; dimmed while the next page loads. */
export function ThreadList({ threads, selectedId, isUpdating = false }: ThreadListProps) {
  if (threads.length === 0) return <p className="forum-note">No threads yet.</p>;
  return (
    <ul className="forum-list" aria-label="Threads" aria-busy={isUpdating} data-loading={isUpdating || undefined}>
      {threads.map((thread) => (
        <li key={thread.id} className={`forum-list__item${thread.approved ? '' : ' forum-item--waiting'}`}>
          <Link
            className="forum-list__link"
            to={forumPath(thread.id)}
            state={{ focusThread: true }}
            aria-current={thread.id === selectedId ? 'page' : undefined}
          >
            <span className="forum-list__title">{thread.title}</span>
            <span className="forum-meta forum-list__line">
              {thread.author} · <ForumDate iso={thread.created} />
            </span>
            <span className="forum-meta forum-list__line">
              {describeReplyCount(thread.postCount)} · last activity <ForumDate iso={thread.lastActivity} />
            </span>
            {!thread.approved && <WaitingBadge />}
          </Link>
        </li>
      ))}
    </ul>
  );
}
