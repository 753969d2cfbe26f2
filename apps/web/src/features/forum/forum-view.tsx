import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { QueryState } from '../../components/query-state.tsx';
import { useSession } from '../../session/index.ts';
import { useForumThreads } from './api/forum-reads.ts';
import { CannotPostNote } from './reply-form.tsx';
import { ThreadList } from './thread-list.tsx';
import { ThreadView } from './thread-view.tsx';
import { WaitingNotice } from './waiting-notice.tsx';
import './forum.css';
import { loadWhenShown } from '../../components/load-when-shown.tsx';

// The new thread form (with its picture picker) loads when opened.
const NewThreadDialog = loadWhenShown(() => import('./new-thread-dialog.tsx').then((m) => m.NewThreadDialog));

/**
 * The forum: the thread list beside the selected thread; on a phone, the list or the thread.
 * Moderators also see what waits for their approval.
 */
export function ForumView({ threadId }: { threadId: number | undefined }) {
  const { can } = useSession();
  const list = useForumThreads();
  const [isCreating, setIsCreating] = useState(false);
  const location = useLocation();
  const deletedThread = (location.state as { deletedThread?: string } | null)?.deletedThread;
  const listHeadingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (deletedThread !== undefined) listHeadingRef.current?.focus();
  }, [deletedThread, location.key]);

  return (
    <div className={`forum${threadId === undefined ? '' : ' forum--thread-open'}`}>
      {list.data?.waiting !== undefined && <WaitingNotice waiting={list.data.waiting} />}
      <div className="visually-hidden" role="status">
        {deletedThread !== undefined && `The thread "${deletedThread}" is deleted.`}
      </div>
      <div className="forum__layout">
        <section className="forum__list" aria-labelledby="forum-threads-heading">
          <div className="forum__list-header">
            <h2 id="forum-threads-heading" ref={listHeadingRef} tabIndex={-1}>
              Threads
            </h2>
            {can('forum') && (
              <button type="button" className="button button--primary" onClick={() => setIsCreating(true)}>
                New thread
              </button>
            )}
          </div>
          {deletedThread !== undefined && <p className="forum-note">The thread &ldquo;{deletedThread}&rdquo; is deleted.</p>}
          {!can('forum') && <CannotPostNote />}
          <QueryState query={list} what="the forum" loadingLabel="Loading the threads…">
            {({ threads }) => <ThreadList threads={threads} selectedId={threadId} />}
          </QueryState>
        </section>
        <div className="forum__thread">
          {threadId === undefined ? (
            <p className="forum-note forum__choose">Choose a thread from the list to read it{can('forum') ? ', or start a new one' : ''}.</p>
          ) : (
            <ThreadView threadId={threadId} />
          )}
        </div>
      </div>
      {isCreating && <NewThreadDialog onClose={() => setIsCreating(false)} />}
    </div>
  );
}
