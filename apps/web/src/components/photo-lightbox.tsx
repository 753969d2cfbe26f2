import { imageSources } from '@club/contracts/browser';
import Lightbox, { type SlideImage } from 'yet-another-react-lightbox';
import 'yet-another-react-lightbox/styles.css';

export type PhotoLightboxProps = {
  urls: readonly string[];
  /** Names the photos for screen readers: "Photo 2 of 5 from {title}". */
  title: string;
  index: number;
  isOpen: boolean;
  onClose: () => void;
  /** After the closing animation, so focus can go back to the thumbnail. */
  onClosed: () => void;
};

/** A slide with every stored size, so the large view also loads no more than the screen needs. */
function toSlide(url: string, alt: string): SlideImage {
  const { src, width, height, srcSet, webpSrcSet } = imageSources(url);
  const candidates = (webpSrcSet ?? srcSet ?? '')
    .split(', ')
    .filter(Boolean)
    .map((candidate) => {
      const [candidateUrl = '', descriptor = '0w'] = candidate.split(' ');
      const w = Number(descriptor.slice(0, -1));
      return { src: candidateUrl, width: w, height: width && height ? Math.round((w * height) / width) : w };
    });
  return { src, alt, width, height, srcSet: candidates.length ? candidates : undefined };
}

/**
 * The large view of a post's photos (yet-another-react-lightbox): arrows and Escape on the
 * keyboard, swipe on a phone, focus kept inside while open. Loaded only when first opened.
 */
export default function PhotoLightbox({ urls, title, index, isOpen, onClose, onClosed }: PhotoLightboxProps) {
  return (
    <Lightbox
      open={isOpen}
      close={onClose}
      index={index}
      slides={urls.map((url, n) => toSlide(url, `Photo ${n + 1} of ${urls.length} from ${title}`))}
      on={{ exited: onClosed }}
      controller={{ closeOnBackdropClick: true }}
      carousel={{ finite: urls.length <= 1 }}
      render={urls.length <= 1 ? { buttonPrev: () => null, buttonNext: () => null } : undefined}
      labels={{ Lightbox: `Photos from ${title}` }}
    />
  );
}
