import type { BlogPost } from '@club/contracts';
import { useEffect, useState } from 'react';
import { callApi } from '../../api/client.ts';
import { ResponsiveImage } from '../../components/responsive-image.tsx';

/**
 * The newest post's first photo, for the home page's Photos card; nothing until it arrives, and
 * nothing if it cannot be read (the card reads well without it). It calls the API directly rather
 * than through the query cache, so a visitor's home page never loads TanStack Query.
 */
export function LatestPhoto({ className }: { className?: string }) {
  const [post, setPost] = useState<BlogPost | undefined>();
  useEffect(() => {
    const controller = new AbortController();
    callApi('blog.page', { page: 1 }, undefined, { signal: controller.signal }).then(
      (reply) => setPost(reply.posts.find((candidate) => candidate.images.length > 0)),
      () => setPost(undefined),
    );
    return () => controller.abort();
  }, []);
  const url = post?.images[0];
  if (!post || !url) return null;
  return (
    <ResponsiveImage className={className} url={url} alt={`From the latest photo post: ${post.title}`} sizes="(max-width: 48rem) calc(100vw - 2rem), 35rem" />
  );
}
