import type { ForumThreadSummary } from '@club/contracts';
import { Link } from 'react-router';
import { forumPath } from '../../lib/paths.ts';
import { ForumDate } from './forum-date.tsx';
import { describeReplyCount } from './forum-rules.ts';
import { WaitingBadge } from './waiting-badge.tsx';

export type ThreadListProps = { threads: ForumThreadSummary[]; selectedId: number | undefined };

/** Every thread the member may see, newest activity first (the server's order). */
export function ThreadList({ threads, selectedId }: ThreadListProps) {
  if (threads.length === 0) return <p className="forum-note">No threads yet.</p>;
  return (
    <ul className="forum-list" aria-label="Threads">
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
