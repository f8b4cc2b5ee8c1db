import { useCallback, useState, type ImgHTMLAttributes } from "react";

/** What a drink shows while its own picture file is missing: a neutral cup, the same size. */
export const DRINK_PLACEHOLDER_IMAGE = "/images/drink-placeholder.svg";

type DrinkImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "onError"> & { src: string };

/**
 * A drink's picture, or the neutral placeholder when its file cannot be loaded (a drink added by
 * SQL before its picture, a path with a typo): never the browser's broken image. A picture that
 * failed before the app took over a prerendered page (no error event reaches React then) is
 * found when the element mounts.
 */
export function DrinkImage({ src, alt = "", ...props }: DrinkImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  const checkLoaded = useCallback(
    (image: HTMLImageElement | null) => {
      // A complete image that cannot be decoded is broken; decode() says so without a new request.
      if (!image || failed || !image.complete || typeof image.decode !== "function") return;
      image.decode().catch(() => {
        if (image.isConnected && image.getAttribute("src") === src) setFailedSrc(src);
      });
    },
    [failed, src],
  );
  return (
    <img
      {...props}
      ref={checkLoaded}
      alt={alt}
      src={failed ? DRINK_PLACEHOLDER_IMAGE : src}
      data-placeholder={failed ? "true" : undefined}
      onError={() => setFailedSrc(src)}
    />
  );
}
