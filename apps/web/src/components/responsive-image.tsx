import { imageSources } from '@club/contracts/plain';

export type ResponsiveImageProps = {
  /** A stored picture's URL; pictures stored with renditions get srcset, WebP and their size. */
  url: string;
  alt: string;
  /** How wide the picture shows, as the `sizes` attribute says it (e.g. "(max-width: 48rem) 100vw, 40rem"). */
  sizes: string;
  className?: string;
  /**
   * Lazy unless the picture is at the top of the page; then it loads at once and ahead of other
   * pictures and scripts, as one of them is what a phone paints largest.
   */
  isEager?: boolean;
};

/**
 * A stored picture at the size the screen needs: the browser picks the smallest copy from
 * `srcset` for `sizes` (WebP first where stored), and width and height keep the space so
 * nothing jumps while it loads.
 */
export function ResponsiveImage({ url, alt, sizes, className, isEager = false }: ResponsiveImageProps) {
  const sources = imageSources(url);
  const image = (
    <img
      className={className}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? sizes : undefined}
      width={sources.width}
      height={sources.height}
      alt={alt}
      loading={isEager ? 'eager' : 'lazy'}
      fetchPriority={isEager ? 'high' : undefined}
      decoding="async"
    />
  );
  if (!sources.webpSrcSet) return image;
  return (
    <picture>
      <source type="image/webp" srcSet={sources.webpSrcSet} sizes={sizes} />
      {image}
    </picture>
  );
}
