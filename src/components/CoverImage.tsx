import { useState } from 'react';
import { imageSrcSet, resizedImageUrl } from '../../domain/images';

export const placeholderCover = '/images/placeholder-cover.svg';

interface CoverImageProps {
  src: string;
  alt: string;
  /** Intrinsic size: reserves the space before the image loads (CLS budget, docs/performance.md). */
  width: number;
  height: number;
  /** The widths offered to the browser and how wide the image is shown (display width: docs/performance.md). */
  widths: readonly number[];
  sizes: string;
  className?: string;
  priority?: boolean;
}

/** A product cover that falls back to the placeholder when it fails to load (docs/storefront.md). */
export function CoverImage({ src, alt, width, height, widths, sizes, className, priority = false }: CoverImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = !src || failedSrc === src;
  const largest = widths[widths.length - 1] ?? width;
  return (
    <img
      src={failed ? placeholderCover : resizedImageUrl(src, largest)}
      srcSet={failed ? undefined : imageSrcSet(src, widths)}
      sizes={failed ? undefined : sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={className}
    />
  );
}
