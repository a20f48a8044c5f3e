// Every image gets width and height so nothing shifts as pictures arrive (docs/performance.md
// "What was learned"). Our generated banners say their size in the path
// (/images/v1/banner/women/12/1200x420.svg); other images take the size their slot is
// drawn at.
const SIZE_IN_PATH = /\/(\d{2,4})x(\d{2,4})\.(?:svg|png|jpe?g|webp|avif)(?:[?#].*)?$/i;

export type ImageSize = { width: number; height: number };

export function imageSize(src: string, fallback: ImageSize): ImageSize {
  const match = SIZE_IN_PATH.exec(src);
  if (!match) return fallback;
  return { width: Number(match[1]), height: Number(match[2]) };
}
