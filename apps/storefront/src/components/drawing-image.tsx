/**
 * A product drawing as an image (`product/drawing-images.ts`): its width and height set, so nothing moves
 * when it arrives, and lazy unless the page shows it above the fold. An SVG served as an image runs no
 * script and costs the page no JavaScript.
 */
export function DrawingImage({
  src,
  alt,
  size,
  eager = false,
  className,
}: {
  src: string;
  alt: string;
  size: { width: number; height: number };
  eager?: boolean;
  className: string;
}) {
  return (
    // biome-ignore lint/performance/noImgElement: a same-site SVG; Next's image optimiser is off (ARCHITECTURE)
    <img
      className={className}
      src={src}
      alt={alt}
      width={size.width}
      height={size.height}
      loading={eager ? undefined : 'lazy'}
      decoding="async"
    />
  );
}
