import { postIdsOfThread } from './search-source.ts';
import { CALLS, forumPostPath, hasPermission } from '@club/contracts/plain';
import type { ForumThread, ForumWaiting, SessionUser } from '@club/contracts';
import type { AppDeps } from '../../deps.ts';
import { changeStampOf } from '../../db/change-stamp.ts';
import { ThreadIndex, type ThreadPage, type ThreadQuery } from './thread-index.ts';
import { badRequest, notFound } from '../../errors.ts';
import { mayActOn } from '../../services/access.ts';
import { queueMail } from '../../services/mail.ts';
import { forumWaitingMail, oneLine } from '../../services/mail-templates.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import {
  approvePost,
  approveThread,
  deletePost,
  deleteThread,
  findAuthorName,
  findThread,
  insertPost,
  insertThread,
  iterateThreads,
  listModeratorEmails,
  listThreads,
  listThreadFacts,
  listWaiting,
  listWaitingPostFacts,
  type ForumViewer,
} from './store.ts';

/** Longest side of a stored forum image: large enough to read a part number off a photo. */
const IMAGE_MAX_PX = 1600;
const MAX_THREAD_IMAGES = CALLS['forum.createThread'].files.f.maxCount;

/** One page of the thread list, and for moderators what waits for their approval. */
type ForumThreadPage = ThreadPage & { waiting?: ForumWaiting[] };

type NewThread = { title: string; description: string; images: Buffer[] };

type Moderation = { target: { kind: 'thread' | 'post'; id: number }; action: 'approve' | 'delete' };

export type ForumService = {
  /** Every thread the viewer may see, with the posts they may see (the legacy forum), read one thread at a time as it is iterated. */
  streamAll(viewer: SessionUser): Iterable<ForumThread>;
  /** One page of the threads the viewer may see, searched and sorted; moderators also get what waits. */
  pageThreads(viewer: SessionUser, query: ThreadQuery): ForumThreadPage;
  /** One thread with its posts; not found for an unknown thread or someone else's unapproved one. */
  readThread(viewer: SessionUser, threadId: number): ForumThread;
  /** Stores the images and the thread together; a non-moderator's thread waits, and moderators are e-mailed. */
  createThread(actor: SessionUser, thread: NewThread): Promise<number>;
  createPost(actor: SessionUser, post: { threadId: number; content: string }): number;
  /** Who may moderate is the registry's rule (`forum.update` needs moderator), checked by the gate. */
  moderate(moderation: Moderation): void;
};

const isModerator = (user: SessionUser): boolean => hasPermission(user.permissions, 'moderator');

const toViewer = (user: SessionUser): ForumViewer => ({ id: user.id, isModerator: isModerator(user) });

const THREAD_NOT_FOUND = 'That forum thread';

/** Multipart forms send line breaks as CRLF; members' text is kept with plain newlines. */
const toPlainLines = (text: string): string => text.replace(/\r\n?/g, '\n');

/** Queues the one e-mail for a new waiting item, in the caller's transaction. */
function queueWaitingMail(
  tx: DbOrTx,
  config: Config,
  item: { kind: 'thread' | 'reply'; threadId: number; postId?: number; title: string; authorId: number; text: string },
): void {
  const recipients = listModeratorEmails(tx);
  if (recipients.length === 0) return;
  const link = `${config.baseUrl}${forumPostPath(item.threadId, item.postId)}`;
  queueMail(
    tx,
    forumWaitingMail({
      to: recipients.join(', '),
      kind: item.kind,
      title: oneLine(item.title),
      author: oneLine(findAuthorName(tx, item.authorId)),
      excerpt: item.text,
      link,
      clubName: config.clubName,
    }),
  );
}

export function createForumService({ db, services, config }: Pick<AppDeps, 'db' | 'services' | 'config'>): ForumService {
  // The thread list is read from the database once per change to it, not once per request.
  const changes = changeStampOf(db);
  let index: { stamp: string; value: ThreadIndex } | undefined;
  const currentIndex = (): ThreadIndex => {
    const stamp = changes();
    if (index?.stamp !== stamp) index = { stamp, value: new ThreadIndex(listThreadFacts(db), listWaitingPostFacts(db)) };
    return index.value;
  };

  return {
    streamAll: (user) => iterateThreads(db, toViewer(user)),

    pageThreads(user, query) {
      const viewer = toViewer(user);
      const page = currentIndex().page(viewer, query);
      return viewer.isModerator ? { ...page, waiting: listWaiting(db) } : page;
    },

    readThread(user, threadId) {
      const [thread] = listThreads(db, toViewer(user), threadId);
      // An unapproved thread of someone else answers exactly like a missing one.
      if (!thread) throw notFound(THREAD_NOT_FOUND);
      return thread;
    },

    async createThread(actor, { title, description: sent, images }) {
      const description = toPlainLines(sent);
      if (images.length > MAX_THREAD_IMAGES) throw badRequest(`Please choose at most ${MAX_THREAD_IMAGES} images for one thread.`);
      const isApprovedAtOnce = isModerator(actor);
      const pending = images.map((buffer) => ({ buffer, options: { folder: 'forum', maxSize: IMAGE_MAX_PX } }));
      const id = await services.images.saveWithUploads(pending, (urls) => ({
        result: db.transaction((tx) => {
          const imageUrls = urls.filter((url): url is string => url !== undefined);
          const threadId = insertThread(tx, { title, description, imageUrls, authorId: actor.id, approved: isApprovedAtOnce });
          if (!isApprovedAtOnce) queueWaitingMail(tx, config, { kind: 'thread', threadId, title, authorId: actor.id, text: description });
          services.search.reindex(tx, 'forumThread', [threadId]);
          return threadId;
        }),
      }));
      if (!isApprovedAtOnce) services.mail.kick();
      return id;
    },

    createPost(actor, { threadId, content: sent }) {
      const content = toPlainLines(sent);
      const isApprovedAtOnce = isModerator(actor);
      const id = db.transaction((tx) => {
        const thread = findThread(tx, threadId);
        // Replying needs the thread to be visible: approved, or its author's, or any to a moderator.
        const canSee = thread && (thread.approved || mayActOn(actor, 'moderator', thread.authorId));
        if (!thread || !canSee) throw notFound(THREAD_NOT_FOUND);
        const postId = insertPost(tx, { threadId, content, authorId: actor.id, approved: isApprovedAtOnce });
        if (!isApprovedAtOnce) queueWaitingMail(tx, config, { kind: 'reply', threadId, postId, title: thread.title, authorId: actor.id, text: content });
        services.search.reindex(tx, 'forumPost', [postId]);
        return postId;
      });
      if (!isApprovedAtOnce) services.mail.kick();
      return id;
    },

    moderate({ target, action }) {
      if (target.kind === 'post') {
        const isDone = db.transaction((tx) => {
          const isChanged = action === 'approve' ? approvePost(tx, target.id) : deletePost(tx, target.id);
          services.search.reindex(tx, 'forumPost', [target.id]);
          return isChanged;
        });
        if (!isDone) throw notFound('That forum post');
        return;
      }
      const thread = findThread(db, target.id);
      if (!thread) throw notFound(THREAD_NOT_FOUND);
      db.transaction((tx) => {
        // Its posts' audience follows the thread's (or they go with it): ids read before a delete.
        const postIds = postIdsOfThread(tx, thread.id);
        if (action === 'approve') approveThread(tx, thread.id);
        else deleteThread(tx, thread.id);
        services.search.reindex(tx, 'forumThread', [thread.id]);
        services.search.reindex(tx, 'forumPost', postIds);
      });
      if (action === 'approve') return;
      for (const url of thread.imageUrls) services.images.remove(url);
    },
  };
}
