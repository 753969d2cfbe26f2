import type { ForumPost, ForumThread } from '@club/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { forumPath } from '../../lib/paths.ts';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useSession } from '../../session/index.ts';
import { useForumThread } from './api/forum-reads.ts';
import { useModeration, type ForumTarget } from './api/moderate.ts';
import { ForumDate } from './forum-date.tsx';
import { describeReplyCount } from './forum-rules.ts';
import { ForumText } from './forum-text.tsx';
import { ImageGallery } from './image-gallery.tsx';
import { ApproveButton } from './moderation.tsx';
import { CannotPostNote, ReplyForm } from './reply-form.tsx';
import { WaitingBadge } from './waiting-badge.tsx';

/** The selected thread, read on its own (`forum.thread`). */
export function ThreadView({ threadId }: { threadId: number }) {
  const thread = useForumThread(threadId);
  return (
    <>
      <Link className="forum__back" to={forumPath()}>
        <span aria-hidden="true">←&nbsp;</span>All threads
      </Link>
      {isApiError(thread.error) && thread.error.status === 404 ? (
        <ThreadNotFound />
      ) : (
        <QueryState query={thread} what="this thread" loadingLabel="Loading the thread…">
          {(v) => <ThreadDetail key={threadId} thread={v.thread} />}
        </QueryState>
      )}
    </>
  );
}

/** An unknown thread (deleted, a bad address, or someone else's still waiting): no retry would help. */
function ThreadNotFound() {
  return (
    <div className="notice" role="status">
      <h2>Thread not found</h2>
      <p>
        It may have been deleted, or it waits for a moderator. <Link to={forumPath()}>See all threads</Link>.
      </p>
    </div>
  );
}

type Deleting = { target: ForumTarget; author: string } | null;

function ThreadDetail({ thread }: { thread: ForumThread }) {
  const { can } = useSession();
  const isModerator = can('moderator');
  const location = useLocation();
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const repliesRef = useRef<HTMLHeadingElement>(null);
  const [status, setStatus] = useState('');
  const [deleting, setDeleting] = useState<Deleting>(null);
  const moderation = useModeration();
  const titleId = `forum-thread-${thread.id}`;
  const isRepliesFocusDueRef = useRef(false);
  useEffect(() => {
    if (deleting !== null || !isRepliesFocusDueRef.current) return;
    isRepliesFocusDueRef.current = false;
    repliesRef.current?.focus();
  }, [deleting]);

  // Arriving from the list or a new thread: the reader continues at the thread's heading; from a
  // "waiting" link: at that reply.
  const state = location.state as { focusThread?: boolean } | null;
  useEffect(() => {
    const post = /^#post-(\d+)$/.exec(location.hash);
    const target = post ? document.getElementById(`post-${post[1]}`) : state?.focusThread ? headingRef.current : null;
    if (target === null) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [location.key, location.hash, state?.focusThread]);

  const focusById = (id: string) => document.getElementById(id)?.focus();

  return (
    <article className={`forum-thread${thread.approved ? '' : ' forum-item--waiting'}`} aria-labelledby={titleId}>
      <header className="forum-thread__header" id={`thread-${thread.id}`} tabIndex={-1}>
        <h2 ref={headingRef} id={titleId} className="forum-thread__title" tabIndex={-1}>
          {thread.title}
        </h2>
        <p className="forum-meta">
          Started by {thread.author} on <ForumDate iso={thread.created} />
        </p>
        {!thread.approved && (
          <p className="forum-waiting">
            <WaitingBadge />{' '}
            {thread.isMine
              ? 'Only you and the forum moderators can see this thread until a moderator approves it.'
              : 'Members cannot see this thread until a moderator approves it.'}
          </p>
        )}
      </header>
      <ForumText text={thread.description} />
      <ImageGallery urls={thread.imageUrls} title={thread.title} />
      {isModerator && (
        <div className="button-row forum-actions">
          {!thread.approved && (
            <ApproveButton
              target={{ kind: 'thread', id: thread.id }}
              label="Approve thread"
              onApproved={() => {
                setStatus(`The thread "${thread.title}" is approved; every member can see it now.`);
                focusById(`thread-${thread.id}`);
              }}
            />
          )}
          <button
            type="button"
            className="button button--danger"
            onClick={() => setDeleting({ target: { kind: 'thread', id: thread.id }, author: thread.author })}
          >
            Delete thread
          </button>
        </div>
      )}

      <div className="visually-hidden" role="status">
        {status}
      </div>

      <section className="forum-replies" aria-labelledby={`${titleId}-replies`}>
        <h3 ref={repliesRef} id={`${titleId}-replies`} tabIndex={-1}>
          Replies <span className="forum-meta">({describeReplyCount(thread.posts.length).toLowerCase()})</span>
        </h3>
        {thread.posts.length > 0 && (
          <ol className="forum-posts">
            {thread.posts.map((post) => (
              <PostItem
                key={post.id}
                post={post}
                isModerator={isModerator}
                onApproved={() => {
                  setStatus(`The reply by ${post.author} is approved.`);
                  focusById(`post-${post.id}`);
                }}
                onDelete={() => setDeleting({ target: { kind: 'post', id: post.id }, author: post.author })}
              />
            ))}
          </ol>
        )}
        {can('forum') ? <ReplyForm threadId={thread.id} /> : <CannotPostNote />}
      </section>

      {deleting !== null && (
        <ConfirmDeleteDialog
          title={deleting.target.kind === 'thread' ? 'Delete thread' : 'Delete reply'}
          question={
            deleting.target.kind === 'thread'
              ? `Are you sure you want to delete the thread "${thread.title}" with its ${describeReplyCount(thread.posts.length).toLowerCase().replace('no replies yet', 'no replies')} and pictures? This cannot be undone.`
              : `Are you sure you want to delete this reply by ${deleting.author}? This cannot be undone.`
          }
          confirmLabel={deleting.target.kind === 'thread' ? 'Delete thread' : 'Delete reply'}
          onConfirm={() => moderation.remove(deleting.target)}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            const { target } = deleting;
            setDeleting(null);
            if (target.kind === 'thread') {
              void navigate(forumPath(), { state: { deletedThread: thread.title } });
              moderation.forgetThread(thread.id);
              return;
            }
            setStatus(`The reply by ${deleting.author} is deleted.`);
            // Focus can move only once the modal dialog has gone, in the effect below.
            isRepliesFocusDueRef.current = true;
          }}
        />
      )}
    </article>
  );
}

type PostItemProps = { post: ForumPost; isModerator: boolean; onApproved: () => void; onDelete: () => void };

function PostItem({ post, isModerator, onApproved, onDelete }: PostItemProps) {
  return (
    <li id={`post-${post.id}`} className={`forum-post${post.approved ? '' : ' forum-item--waiting'}`} tabIndex={-1} aria-label={`Reply by ${post.author}`}>
      <p className="forum-meta">
        <strong className="forum-post__author">{post.author}</strong> · <ForumDate iso={post.created} />
        {!post.approved && (
          <>
            {' '}
            <WaitingBadge />
          </>
        )}
      </p>
      <ForumText text={post.content} />
      {isModerator && (
        <div className="button-row forum-actions">
          {!post.approved && <ApproveButton target={{ kind: 'post', id: post.id }} label="Approve reply" onApproved={onApproved} />}
          <button type="button" className="button button--danger" onClick={onDelete}>
            Delete reply
          </button>
        </div>
      )}
    </li>
  );
}
