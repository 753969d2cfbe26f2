import { CALLS, forumPostPath, hasPermission, type ForumThread, type ForumThreadSummary, type ForumWaiting, type SessionUser } from '@club/contracts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
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
  listModeratorEmails,
  listThreads,
  listThreadSummaries,
  listWaiting,
  type ForumViewer,
} from './store.ts';

/** Longest side of a stored forum image: large enough to read a part number off a photo. */
const IMAGE_MAX_PX = 1600;
export const MAX_THREAD_IMAGES = CALLS['forum.createThread'].files.f.maxCount;

/** The thread list, and for moderators what waits for their approval. */
export type ForumThreadList = { threads: ForumThreadSummary[]; waiting?: ForumWaiting[] };

export type NewThread = { title: string; description: string; images: Buffer[] };

export type Moderation = { target: { kind: 'thread' | 'post'; id: number }; action: 'approve' | 'delete' };

export type ForumService = {
  /** Every thread the viewer may see, with the posts they may see (the legacy forum). */
  listAll(viewer: SessionUser): ForumThread[];
  /** The threads the viewer may see, newest activity first; moderators also get what waits. */
  listThreads(viewer: SessionUser): ForumThreadList;
  /** One thread with its posts; not found for an unknown thread or someone else's unapproved one. */
  readThread(viewer: SessionUser, threadId: number): ForumThread;
  /** Stores the images and the thread together; a non-moderator's thread waits, and moderators are e-mailed. */
  createThread(actor: SessionUser, thread: NewThread): Promise<number>;
  createPost(actor: SessionUser, post: { threadId: number; content: string }): number;
  moderate(actor: SessionUser, moderation: Moderation): void;
};

export const isModerator = (user: SessionUser): boolean => hasPermission(user.permissions, 'moderator');

const toViewer = (user: SessionUser): ForumViewer => ({ id: user.id, isModerator: isModerator(user) });

const THREAD_NOT_FOUND = 'That forum thread';
const canPost = (user: SessionUser): boolean => hasPermission(user.permissions, 'forum');

/** Multipart forms send line breaks as CRLF; members' text is kept with plain newlines. */
const toPlainLines = (text: string): string => text.replace(/\r\n?/g, '\n');

/** Queues the one e-mail for a new waiting item, in the caller's transaction. */
function queueWaitingMail(tx: DbOrTx, config: Config, item: { kind: 'thread' | 'reply'; threadId: number; postId?: number; title: string; authorId: number; text: string }): void {
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
  return {
    listAll: (user) => listThreads(db, toViewer(user)),

    listThreads(user) {
      const viewer = toViewer(user);
      const threads = listThreadSummaries(db, viewer);
      return viewer.isModerator ? { threads, waiting: listWaiting(db) } : { threads };
    },

    readThread(user, threadId) {
      const [thread] = listThreads(db, toViewer(user), threadId);
      // An unapproved thread of someone else answers exactly like a missing one.
      if (!thread) throw notFound(THREAD_NOT_FOUND);
      return thread;
    },

    async createThread(actor, { title, description: sent, images }) {
      const description = toPlainLines(sent);
      if (!canPost(actor)) throw forbidden('Starting a forum thread needs the "Post on Forum" permission. Ask a forum moderator or the webmaster.');
      if (images.length > MAX_THREAD_IMAGES) throw badRequest(`Please choose at most ${MAX_THREAD_IMAGES} images for one thread.`);
      const isApprovedAtOnce = isModerator(actor);
      const pending = images.map((buffer) => ({ buffer, options: { folder: 'forum', maxSize: IMAGE_MAX_PX } }));
      const id = await services.images.saveWithUploads(pending, (urls) => ({
        result: db.transaction((tx) => {
          const imageUrls = urls.filter((url): url is string => url !== undefined);
          const threadId = insertThread(tx, { title, description, imageUrls, authorId: actor.id, approved: isApprovedAtOnce });
          if (!isApprovedAtOnce) queueWaitingMail(tx, config, { kind: 'thread', threadId, title, authorId: actor.id, text: description });
          return threadId;
        }),
      }));
      if (!isApprovedAtOnce) services.mail.kick();
      return id;
    },

    createPost(actor, { threadId, content: sent }) {
      const content = toPlainLines(sent);
      if (!canPost(actor)) throw forbidden('Replying in the forum needs the "Post on Forum" permission. Ask a forum moderator or the webmaster.');
      const viewer = toViewer(actor);
      const isApprovedAtOnce = viewer.isModerator;
      const id = db.transaction((tx) => {
        const thread = findThread(tx, threadId);
        const canSee = thread && (thread.approved || viewer.isModerator || thread.authorId === actor.id);
        if (!thread || !canSee) throw notFound(THREAD_NOT_FOUND);
        const postId = insertPost(tx, { threadId, content, authorId: actor.id, approved: isApprovedAtOnce });
        if (!isApprovedAtOnce) queueWaitingMail(tx, config, { kind: 'reply', threadId, postId, title: thread.title, authorId: actor.id, text: content });
        return postId;
      });
      if (!isApprovedAtOnce) services.mail.kick();
      return id;
    },

    moderate(actor, { target, action }) {
      if (!isModerator(actor)) throw forbidden('Only forum moderators can approve or delete forum items.');
      if (target.kind === 'post') {
        const isDone = action === 'approve' ? approvePost(db, target.id) : deletePost(db, target.id);
        if (!isDone) throw notFound('That forum post');
        return;
      }
      const thread = findThread(db, target.id);
      if (!thread) throw notFound(THREAD_NOT_FOUND);
      if (action === 'approve') {
        approveThread(db, thread.id);
        return;
      }
      deleteThread(db, thread.id);
      for (const url of thread.imageUrls) services.images.remove(url);
    },
  };
}
