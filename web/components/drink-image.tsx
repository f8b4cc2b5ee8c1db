import { useCallback, useState, type ImgHTMLAttributes } from "react";
import { DRINK_IMAGE_ATTRIBUTE, DRINK_PLACEHOLDER_IMAGE } from "#common/drink-pictures";

export { DRINK_PLACEHOLDER_IMAGE };

type DrinkImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "onError"> & { src: string };

/**
 * A drink's picture, or the neutral placeholder when its file cannot be loaded (a drink added by
 * SQL before its picture, a path with a typo): never the browser's broken image. A picture that
 * failed before the app took over a prerendered page (no error event reaches React then) was
 * swapped by the page's own script (common/drink-pictures.ts), or is found undecodable, when the
 * element mounts.
 */
export function DrinkImage({ src, alt = "", ...props }: DrinkImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  const checkLoaded = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image || failed) return;
      // Swapped before the app ran (common/drink-pictures.ts): the app shows what is there.
      if (image.getAttribute("src") === DRINK_PLACEHOLDER_IMAGE && src !== DRINK_PLACEHOLDER_IMAGE) {
        setFailedSrc(src);
        return;
      }
      // A complete image that cannot be decoded is broken; decode() says so without a new request.
      if (!image.complete || typeof image.decode !== "function") return;
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
      {...{ [DRINK_IMAGE_ATTRIBUTE]: "" }}
      data-placeholder={failed ? "true" : undefined}
      onError={() => setFailedSrc(src)}
    />
  );
}
