import type { FC } from 'hono/jsx';
import type { ApiImage } from '../catalog/api-project.js';

/** Image URLs in API form are absolute; on our own pages a same-origin path keeps CSP `img-src 'self'` exact. */
export function localUrl(url: string, baseUrl: string): string {
  return url.startsWith(`${baseUrl}/`) ? url.slice(baseUrl.length) : url;
}

function srcset(image: ApiImage, type: string, baseUrl: string): string {
  return image.variants
    .filter((v) => v.type === type)
    .map((v) => `${localUrl(v.url, baseUrl)} ${v.width}w`)
    .join(', ');
}

export interface ResponsiveImageProps {
  image: ApiImage;
  baseUrl: string;
  /** the `sizes` attribute: how wide the image is shown */
  sizes: string;
  /** above the fold: load at once, with high priority; otherwise lazily */
  eager?: boolean;
  /** alternative text, when it differs from the image's own (e.g. "" beside a link that names it) */
  alt?: string;
}

/**
 * A stored image as `<picture>`: AVIF, then WebP, then JPEG, each at a few widths, with the
 * intrinsic width and height (no layout shift) and the blurred placeholder underneath while it
 * loads. An image at an outside URL (or a drawn placeholder) is a plain `<img>`.
 */
export const ResponsiveImage: FC<ResponsiveImageProps> = ({ image, baseUrl, sizes, eager, alt }) => {
  const loading = eager ? { fetchpriority: 'high' as const } : { loading: 'lazy' as const, decoding: 'async' as const };
  const text = alt ?? image.alt;
  if (image.variants.length === 0) return <img src={localUrl(image.url, baseUrl)} alt={text} width={image.width} height={image.height} {...loading} />;
  return (
    <span class="media-frame">
      {image.placeholder ? <img class="media-placeholder" src={image.placeholder} alt="" aria-hidden="true" width={image.width} height={image.height} /> : null}
      <picture>
        <source type="image/avif" srcset={srcset(image, 'image/avif', baseUrl)} sizes={sizes} />
        <source type="image/webp" srcset={srcset(image, 'image/webp', baseUrl)} sizes={sizes} />
        <img src={localUrl(image.url, baseUrl)} srcset={srcset(image, 'image/jpeg', baseUrl)} sizes={sizes} alt={text} width={image.width} height={image.height} {...loading} />
      </picture>
    </span>
  );
};
