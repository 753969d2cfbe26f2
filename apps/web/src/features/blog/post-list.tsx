import type { BlogPost } from '@club/contracts';
import { BLOG_PAGE_SIZE } from '@club/contracts/plain';
import { Link } from 'react-router';
import { PageNumbers } from '../../components/pager.tsx';
import { blogPagePath, blogPath, editBlogPath } from '../../lib/paths.ts';
import { formatPostDate, PostBody } from './post-body.tsx';
import './blog.css';

export type PostListProps = {
  posts: BlogPost[];
  page: number;
  total: number;
  canEdit: boolean;
};

/** A page of posts, newest first, with Previous and Next pages. */
export function PostList({ posts, page, total, canEdit }: PostListProps) {
  const pageCount = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  if (total === 0) return <p>No photo posts yet.</p>;
  if (posts.length === 0) {
    return (
      <p>
        There is no page {page} of photos. <Link to={blogPagePath(1)}>See the newest posts</Link>.
      </p>
    );
  }
  return (
    <>
      <div className="post-list">
        {posts.map((post, index) => (
          <article key={post.id} className="post" aria-labelledby={`post-${post.id}`}>
            <header className="post__header">
              <h2 id={`post-${post.id}`} className="post__title">
                <Link to={blogPath(post.id)}>{post.title}</Link>
              </h2>
              <p className="post__date">
                <time dateTime={post.date}>{formatPostDate(post.date)}</time>
                {canEdit && (
                  <>
                    {' · '}
                    <Link to={editBlogPath(post.id)} aria-label={`Edit “${post.title}”`}>
                      Edit
                    </Link>
                  </>
                )}
              </p>
            </header>
            <PostBody post={post} isAtTop={index === 0} />
          </article>
        ))}
      </div>
      <PageNumbers label="Photo pages" page={page} pages={pageCount} pathOf={blogPagePath} />
    </>
  );
}
