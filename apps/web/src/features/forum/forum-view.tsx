import { FORUM_PAGE_SIZE, FORUM_SORT_LABELS, FORUM_SORTS, type ForumSort } from '@club/contracts/plain';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ListChoiceField, ListSearchField } from '../../components/list-tools.tsx';
import { PageNumbers } from '../../components/pager.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { countOf } from '../../lib/plural.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { usePageChoice } from '../../lib/use-page-choice.ts';
import { useSession } from '../../session/index.ts';
import { useForumPage } from './api/forum-reads.ts';
import { CannotPostNote } from './reply-form.tsx';
import { ThreadList } from './thread-list.tsx';
import { ThreadView } from './thread-view.tsx';
import { WaitingNotice } from './waiting-notice.tsx';
import './forum.css';
import { loadWhenShown } from '../../components/load-when-shown.tsx';

// The new thread form (with its picture picker) loads when opened.
const FORUM_SORT_OPTIONS = FORUM_SORTS.map((choice) => [choice, FORUM_SORT_LABELS[choice]] as const);

const NewThreadDialog = loadWhenShown(() => import('./new-thread-dialog.tsx').then((m) => m.NewThreadDialog));

/** How long the search waits for a pause in the typing before it asks the server. */
const SEARCH_DELAY_MS = 250;
const isBlank = (text: string) => text.trim() === '';

/**
 * The forum: a page of the thread list (searched and sorted by the server) beside the selected
 * thread; on a phone, the list or the thread. Moderators also see what waits for their approval.
 */
export function ForumView({ threadId }: { threadId: number | undefined }) {
  const { can } = useSession();
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search, SEARCH_DELAY_MS, isBlank);
  const [sort, setSort] = useState<ForumSort>('activity');
  // The page belongs to the search it was chosen in: a new search or order starts at page 1.
  const { page, forgetPage, toPage, topRef: countRef } = usePageChoice<HTMLParagraphElement>(JSON.stringify([settledSearch.trim(), sort]));
  const list = useForumPage({ search: settledSearch, sort, page });
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
          <div className="forum-tools">
            <ListSearchField
              className="forum-tools__field"
              label="Search threads"
              placeholder="Title or author"
              value={search}
              onChange={(value) => {
                setSearch(value);
                forgetPage();
              }}
            />
            <ListChoiceField
              className="forum-tools__field"
              label="Sort by"
              value={sort}
              options={FORUM_SORT_OPTIONS}
              onChange={(value) => {
                setSort(value);
                forgetPage();
              }}
            />
          </div>
          <QueryState query={list} what="the forum" loadingLabel="Loading the threads…">
            {({ threads, found, total }) => {
              const pages = Math.max(1, Math.ceil(found / FORUM_PAGE_SIZE));
              const words = settledSearch.trim();
              // Typed words not yet asked for, or the next answer on its way: the list shown is about to change.
              const isUpdating = list.isPlaceholderData || search.trim() !== words;
              return (
                <>
                  <p ref={countRef} className="forum-meta forum-count" aria-live="polite">
                    {list.isPlaceholderData
                      ? 'Updating the list…'
                      : words === ''
                        ? `${countOf(total, 'thread')}.`
                        : `Showing ${found} of ${countOf(total, 'thread')} matching “${words}”.`}
                    {!list.isPlaceholderData && pages > 1 && ` Page ${Math.min(page, pages)} of ${pages}.`}
                  </p>
                  {found === 0 && words !== '' ? (
                    <p className="forum-note">No thread matches. Try fewer or other words.</p>
                  ) : (
                    <ThreadList threads={threads} selectedId={threadId} isUpdating={isUpdating} />
                  )}
                  {pages > 1 && <PageNumbers label="Pages of threads" page={page} pages={pages} onPage={toPage} />}
                </>
              );
            }}
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
      {isCreating && (
        <NewThreadDialog
          onClose={() => setIsCreating(false)}
          onCreated={() => {
            // The new thread is shown first: the latest activity, without a search.
            setSearch('');
            setSort('activity');
            forgetPage();
          }}
        />
      )}
    </div>
  );
}
