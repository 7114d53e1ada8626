'use client';
// A logo image that gives way to the initial tile when it does not load (a crawled logo moved, the
// site blocks hot-linking): a broken-image icon otherwise. An image that failed before the page
// hydrated has no error event left to hear, so the mount checks it too.
import { useEffect, useRef, useState } from 'react';

export function LogoImage({
  src,
  eager,
  className,
  fallback,
}: {
  src: string;
  eager: boolean;
  className: string;
  fallback: React.ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const el = img.current;
    if (el?.complete && el.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) return fallback;
  return (
    <img
      ref={img}
      src={src}
      alt=""
      width={80}
      height={80}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
      className={className}
    />
  );
}
