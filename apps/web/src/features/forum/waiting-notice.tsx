import type { ForumWaiting } from '@club/contracts';
import { Link } from 'react-router';
import { forumPath } from '../../lib/paths.ts';

/** For moderators: how many items wait for approval, with a link to each. */
export function WaitingNotice({ waiting }: { waiting: ForumWaiting[] }) {
  if (waiting.length === 0) return null;
  const count = waiting.length;
  return (
    <section className="notice forum-waiting-notice" aria-labelledby="forum-waiting-heading">
      <h2 id="forum-waiting-heading" className="forum-waiting-notice__title">
        {count === 1 ? '1 item waits' : `${count} items wait`} for approval
      </h2>
      <ul>
        {waiting.map((item) => (
          <li key={item.post === undefined ? `t${item.thread}` : `p${item.post}`}>
            {item.post === undefined ? (
              <Link to={forumPath(item.thread)} state={{ focusThread: true }}>
                Thread &ldquo;{item.title}&rdquo; by {item.author}
              </Link>
            ) : (
              <Link to={`${forumPath(item.thread)}#post-${item.post}`}>
                Reply by {item.author} in &ldquo;{item.title}&rdquo;
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
