import { Link, useParams, useSearchParams } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { Pager } from '../components/pager.tsx';
import { blogPath, editBlogPath } from '../lib/paths.ts';
import { DeletedNotice } from '../components/deleted-notice.tsx';
import { QueryState } from '../components/query-state.tsx';
import { formatPostDate, PostBody } from '../features/blog/post-body.tsx';
import { PostList } from '../features/blog/post-list.tsx';
import { useBlogPage, useBlogPost } from '../features/blog/api/blog-reads.ts';
import '../features/blog/blog.css';
import { useSession } from '../session/index.ts';

/** A positive whole number from the address, or undefined. */
const positiveNumber = (value: string | null | undefined): number | undefined =>
  value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined;

function PostPage({ id, canEdit }: { id: number; canEdit: boolean }) {
  const query = useBlogPost(id);
  const post = query.data?.post;
  if (query.data && !post) return <PostNotFound />;
  return (
    <PageFrame title={post?.title ?? 'Photos'}>
      <QueryState query={query} what="the post" loadingLabel="Loading the post…">
        {({ post: found, newerId, olderId }) =>
          found && (
            <>
              <p className="post__date">
                <time dateTime={found.date}>{formatPostDate(found.date)}</time>
                {canEdit && (
                  <>
                    {' · '}
                    <Link to={editBlogPath(found.id)}>Edit</Link>
                  </>
                )}
              </p>
              <PostBody post={found} isAtTop />
              <Pager
                label="Other posts"
                previous={newerId ? { label: '← Previous post', to: blogPath(newerId) } : undefined}
                where={
                  <Link to={blogPath()} className="link-alone">
                    All photos
                  </Link>
                }
                next={olderId ? { label: 'Next post →', to: blogPath(olderId) } : undefined}
              />
            </>
          )
        }
      </QueryState>
    </PageFrame>
  );
}

function PostNotFound() {
  return (
    <PageFrame title="Post Not Found">
      <p>
        That photo post is not here. It may have been deleted. <Link to={blogPath()}>See all photo posts</Link>.
      </p>
    </PageFrame>
  );
}

function ListPage({ page, canEdit }: { page: number; canEdit: boolean }) {
  const query = useBlogPage(page);
  return (
    <PageFrame title="Photos" lede="Pictures and stories from our drives, shows and garages, newest first.">
      <DeletedNotice />
      {canEdit && (
        <p>
          <Link className="button button--primary" to={editBlogPath()}>
            Add Post
          </Link>
        </p>
      )}
      <QueryState query={query} what="the photo posts" loadingLabel="Loading photos…">
        {({ posts, total }) => <PostList posts={posts} page={page} total={total} canEdit={canEdit} />}
      </QueryState>
    </PageFrame>
  );
}

export function BlogPage() {
  const { articleId } = useParams();
  const [search] = useSearchParams();
  const { can } = useSession();
  const canEdit = can('blog');
  if (articleId === undefined) return <ListPage page={positiveNumber(search.get('page')) ?? 1} canEdit={canEdit} />;
  const id = positiveNumber(articleId);
  if (id === undefined) return <PostNotFound />;
  return <PostPage key={id} id={id} canEdit={canEdit} />;
}
