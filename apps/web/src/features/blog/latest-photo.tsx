import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { useBlogPage } from './use-blog.ts';

/** The newest post's first photo, for the home page's Photos card; nothing until it arrives. */
export function LatestPhoto({ className }: { className?: string }) {
  const latest = useBlogPage(1);
  const post = latest.data?.b.find((candidate) => candidate.images.length > 0);
  const url = post?.images[0];
  if (!post || !url) return null;
  return <ResponsiveImage className={className} url={url} alt={`From the latest photo post: ${post.title}`} sizes="(max-width: 48rem) calc(100vw - 2rem), 22rem" />;
}
