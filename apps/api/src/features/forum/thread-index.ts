import { FORUM_PAGE_SIZE } from '@club/contracts/plain';
import type { ForumSort, ForumThreadSummary } from '@club/contracts';
import type { ForumViewer, ThreadFacts } from './store.ts';

/** What the forum page asks for: search words, an order and a page. */
export type ThreadQuery = { words: string; sort: ForumSort; page: number };

export type ThreadPage = { threads: ForumThreadSummary[]; found: number; total: number };

type WaitingPost = { threadId: number; authorId: number | null; created: string };

/** A thread as one kind of reader sees it; `isMine` is set per reader on the page's rows only. */
type Line = Omit<ForumThreadSummary, 'isMine'> & { authorId: number | null; haystack: string };

/** Code-unit order, as SQLite compares the stored ISO times. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const ORDERS: Record<ForumSort, (a: Line, b: Line) => number> = {
  activity: (a, b) => compareText(b.lastActivity, a.lastActivity) || b.id - a.id,
  newest: (a, b) => compareText(b.created, a.created) || b.id - a.id,
  replies: (a, b) => b.postCount - a.postCount || ORDERS.activity(a, b),
};

/** A reader's view of the forum: the threads they may see, with the posts they may see counted. */
class View {
  private readonly sorted = new Map<ForumSort, Line[]>();

  constructor(private readonly lines: Line[]) {}

  get size(): number {
    return this.lines.length;
  }

  inOrder(sort: ForumSort): Line[] {
    let list = this.sorted.get(sort);
    if (!list) {
      list = [...this.lines].sort(ORDERS[sort]);
      this.sorted.set(sort, list);
    }
    return list;
  }
}

/**
 * The thread list as the forum page reads it, built once from the whole forum and kept until the
 * database changes: each request searches and pages a list already sorted, and answers only the
 * page's rows. Most readers share one view (approved items only); moderators share another (every
 * item); a member with items still waiting gets their own view, built when they ask.
 */
export class ThreadIndex {
  private readonly waitingByThread = new Map<number, WaitingPost[]>();
  private readonly waitingAuthors = new Set<number>();
  private readonly views = new Map<string, View>();

  constructor(
    private readonly threads: ThreadFacts[],
    waitingPosts: WaitingPost[],
  ) {
    for (const post of waitingPosts) {
      this.waitingByThread.set(post.threadId, [...(this.waitingByThread.get(post.threadId) ?? []), post]);
      if (post.authorId !== null) this.waitingAuthors.add(post.authorId);
    }
    for (const thread of threads) if (!thread.approved && thread.authorId !== null) this.waitingAuthors.add(thread.authorId);
  }

  private viewOf(viewer: ForumViewer): View {
    // Whose unapproved items the view shows: every one, only the viewer's, or none.
    const key = viewer.isModerator ? 'moderator' : this.waitingAuthors.has(viewer.id) ? `member:${viewer.id}` : 'approved';
    let view = this.views.get(key);
    if (!view) {
      const shows = (item: { approved: boolean; authorId: number | null }) => item.approved || viewer.isModerator || item.authorId === viewer.id;
      view = new View(
        this.threads.filter(shows).map((thread) => {
          const waiting = (this.waitingByThread.get(thread.id) ?? []).filter((post) => shows({ approved: false, authorId: post.authorId }));
          const lastPost = waiting.reduce((last, post) => (compareText(post.created, last) > 0 ? post.created : last), thread.lastApprovedPost);
          return {
            id: thread.id,
            title: thread.title,
            author: thread.author,
            authorId: thread.authorId,
            approved: thread.approved,
            created: thread.created,
            postCount: thread.approvedPosts + waiting.length,
            lastActivity: compareText(lastPost, thread.created) > 0 ? lastPost : thread.created,
            haystack: `${thread.title} ${thread.author}`.toLowerCase(),
          };
        }),
      );
      this.views.set(key, view);
    }
    return view;
  }

  /** One page for this reader: every word of the search in the title or the author's name. */
  page(viewer: ForumViewer, { words, sort, page }: ThreadQuery): ThreadPage {
    const view = this.viewOf(viewer);
    const needles = words.toLowerCase().split(/\s+/).filter(Boolean);
    const ordered = view.inOrder(sort);
    const found = needles.length === 0 ? ordered : ordered.filter((line) => needles.every((word) => line.haystack.includes(word)));
    const start = (page - 1) * FORUM_PAGE_SIZE;
    const threads = found
      .slice(start, start + FORUM_PAGE_SIZE)
      .map(({ authorId, haystack: _haystack, ...line }) => ({ ...line, isMine: authorId === viewer.id }));
    return { threads, found: found.length, total: view.size };
  }
}
