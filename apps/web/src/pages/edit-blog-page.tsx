import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { blogPath, NEW_RECORD_ID } from '../lib/paths.ts';
import { QueryState } from '../components/query-state.tsx';
import { RequireLogin } from '../components/require-login.tsx';
import { isSavedAsNew, PostEditor } from '../features/blog/post-editor.tsx';
import { useBlogPost } from '../features/blog/api/blog-reads.ts';
import { useSession } from '../session/index.ts';

function EditExisting({ id }: { id: number }) {
  const query = useBlogPost(id);
  return (
    <QueryState query={query} what="the post" loadingLabel="Loading the post…">
      {({ post }) =>
        post ? (
          <PostEditor post={post} />
        ) : (
          <p>
            Post Not Found. It may have been deleted. <Link to={blogPath()}>See all photo posts</Link>.
          </p>
        )
      }
    </QueryState>
  );
}

function EditorFor({ articleId }: { articleId: string | undefined }) {
  const { can } = useSession();
  // The post this editor opened with ("0" for a new one), kept when a first save changes the address.
  const [openedWith] = useState(articleId);
  if (!can('blog')) {
    return (
      <p className="notice" role="status">
        Adding and editing photo posts needs the Add/Edit Photos permission. Ask the club webmaster if you should have it.
      </p>
    );
  }
  const id = Number(openedWith);
  if (id === NEW_RECORD_ID) return <PostEditor post={undefined} />;
  if (!Number.isInteger(id) || id < 0) return <p>Post Not Found.</p>;
  return <EditExisting key={id} id={id} />;
}

export function EditBlogPage() {
  const { articleId } = useParams();
  const location = useLocation();
  const isNew = Number(articleId) === NEW_RECORD_ID;
  // A new post's address turns into its id after the first save: the same editor stays on screen.
  const editorKey = isSavedAsNew(location.state) ? String(NEW_RECORD_ID) : articleId;
  return (
    <PageFrame title={isNew ? 'New Post' : 'Edit Post'}>
      <RequireLogin what="the photo post editor">
        <EditorFor key={editorKey} articleId={articleId} />
      </RequireLogin>
    </PageFrame>
  );
}
