import type { BlogPost } from '@club/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { DeletedState } from '../../components/deleted-notice.tsx';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog.tsx';
import { ErrorDialog } from '../../components/error-dialog.tsx';
import { Form } from '../../components/form.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes.tsx';
import { blogPath, editBlogPath } from '../../lib/paths.ts';
import { entriesOf, moveEntry, nextKey, toSaveParts, type EditorEntry } from './editor-entries.ts';
import { PicturesEntryField, TextEntryField, VideoEntryField } from './entry-fields.tsx';
import { blogPostQueryOptions } from './api/blog-reads.ts';
import { useDeletePost } from './api/delete-post.ts';
import { useSavePost } from './api/save-post.ts';
import './post-editor.css';

const KIND_LABELS: Record<EditorEntry['kind'], string> = { text: 'Text', pictures: 'Photos', video: 'Video' };

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** The history state of the address a new post gets after its first save. */
const SAVED_AS_NEW = { savedAsNew: true } as const;

/** Whether the page's address is the one a new post's editor moved to after its first save. */
export const isSavedAsNew = (state: unknown): boolean => typeof state === 'object' && state !== null && 'savedAsNew' in state;

export type PostEditorProps = {
  /** The saved post; undefined for a new one. */
  post: BlogPost | undefined;
};

/** The post editor: title, date, and entries of text, photos and videos in order. */
export function PostEditor({ post }: PostEditorProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const save = useSavePost();
  const remove = useDeletePost();
  const [postId, setPostId] = useState(post?.id ?? 0);
  const [entries, setEntries] = useState<EditorEntry[]>(() => entriesOf(post));
  // Entries change by buttons (add, move, remove) as well as by typing: unsaved while not the list last saved.
  const [savedEntries, setSavedEntries] = useState(entries);
  const [isFormDirty, setIsFormDirty] = useState(false);
  // Leaving by a link (View post, the menu) asks first while edits are unsaved.
  const guard = useUnsavedChangesGuard(isFormDirty || entries !== savedEntries);
  const [serverError, setServerError] = useState<string | null>(null);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const newPhotoCount = entries.reduce((sum, e) => sum + (e.kind === 'pictures' ? e.pictures.filter((p) => p.kind === 'new').length : 0), 0);

  const replace = (key: string, next: EditorEntry) => setEntries((list) => list.map((e) => (e.key === key ? next : e)));
  const add = (kind: EditorEntry['kind']) =>
    setEntries((list) => [
      ...list,
      kind === 'text'
        ? { key: nextKey(), kind, text: '' }
        : kind === 'pictures'
          ? { key: nextKey(), kind, pictures: [] }
          : { key: nextKey(), kind, videoId: '' },
    ]);

  async function submit(data: FormData) {
    const { layout, files, rot } = toSaveParts(entries);
    const savedId = await save.mutateAsync({
      id: postId,
      title: String(data.get('title') ?? ''),
      date: String(data.get('date') ?? ''),
      layout,
      photos: files,
      turns: rot,
    });
    // The new photos now have stored names: edit on from the saved post, so a second save keeps them.
    const fresh = await queryClient.fetchQuery(blogPostQueryOptions(savedId));
    setPostId(savedId);
    const savedList = entriesOf(fresh.post ?? undefined);
    setEntries(savedList);
    setSavedEntries(savedList);
    // Later saves edit the same post, and a reload opens it; the page keeps this editor on screen.
    if (postId === 0) void navigate(editBlogPath(savedId), { replace: true, state: SAVED_AS_NEW });
    return savedId;
  }

  const counts: Partial<Record<EditorEntry['kind'], number>> = {};
  return (
    <>
      <Form
        aria-label={postId ? 'Edit the post' : 'New post'}
        className="post-editor"
        onSubmit={submit}
        validate={() => (toSaveParts(entries).layout.length === 0 ? 'Please add some text, a photo or a video to the post before saving.' : null)}
        onError={setServerError}
        onDirtyChange={setIsFormDirty}
        submitLabel="Save Post"
        actions={
          <>
            {postId !== 0 && (
              <Link className="button" to={blogPath(postId)}>
                View post
              </Link>
            )}
            {postId !== 0 && (
              <button type="button" className="button button--danger" onClick={() => setIsConfirmingDelete(true)}>
                Delete Post
              </button>
            )}
          </>
        }
      >
        <FormField label="Title" name="title" required maxLength={200} defaultValue={post?.title ?? ''} />
        <FormField label="Date" name="date" type="date" required defaultValue={post?.date ?? today()} />
        <ol className="post-editor__entries" aria-label="Entries">
          {entries.map((entry, index) => {
            counts[entry.kind] = (counts[entry.kind] ?? 0) + 1;
            const label = `${KIND_LABELS[entry.kind]} ${counts[entry.kind]}`;
            return (
              <li key={entry.key} className="post-editor__entry">
                <fieldset className="post-editor__fieldset">
                  <legend className="post-editor__legend">{label}</legend>
                  {entry.kind === 'text' && <TextEntryField entry={entry} label={label} onChange={(next) => replace(entry.key, next)} />}
                  {entry.kind === 'pictures' && (
                    <PicturesEntryField entry={entry} label={label} newPhotoCount={newPhotoCount} onChange={(next) => replace(entry.key, next)} />
                  )}
                  {entry.kind === 'video' && <VideoEntryField entry={entry} label={label} onChange={(next) => replace(entry.key, next)} />}
                  <div className="post-editor__entry-actions">
                    <button
                      type="button"
                      className="button"
                      disabled={index === 0}
                      onClick={() => setEntries((list) => moveEntry(list, index, -1))}
                      aria-label={`Move ${label} up`}
                    >
                      ↑ Up
                    </button>
                    <button
                      type="button"
                      className="button"
                      disabled={index === entries.length - 1}
                      onClick={() => setEntries((list) => moveEntry(list, index, 1))}
                      aria-label={`Move ${label} down`}
                    >
                      ↓ Down
                    </button>
                    <button
                      type="button"
                      className="button"
                      onClick={() => setEntries((list) => list.filter((e) => e.key !== entry.key))}
                      aria-label={`Remove entry: ${label}`}
                    >
                      Remove entry
                    </button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <div className="post-editor__add" role="group" aria-label="Add an entry">
          <button type="button" className="button" onClick={() => add('text')}>
            + Add text
          </button>
          <button type="button" className="button" onClick={() => add('pictures')}>
            + Add photos
          </button>
          <button type="button" className="button" onClick={() => add('video')}>
            + Add video
          </button>
        </div>
      </Form>
      <ErrorDialog message={serverError} onClose={() => setServerError(null)} />
      {guard.dialog}
      {isConfirmingDelete && (
        <ConfirmDeleteDialog
          title="Delete Post"
          question="Are you sure you want to delete this post and its photos? This cannot be undone."
          confirmLabel="Delete"
          onConfirm={() => remove.mutateAsync(postId)}
          onClose={() => setIsConfirmingDelete(false)}
          onDeleted={() => {
            setIsConfirmingDelete(false);
            // The list page confirms; staying here would show "Post Not Found" once the post is gone.
            void navigate(blogPath(), { replace: true, state: { deleted: post?.title || 'The post' } satisfies DeletedState });
          }}
        />
      )}
      <p className="post-editor__back">
        <Link to={blogPath()} className="link-alone">
          Back to Photos
        </Link>
      </p>
    </>
  );
}
