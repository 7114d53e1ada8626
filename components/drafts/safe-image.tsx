'use client';
// An image from the founder's site that falls back to a placeholder when it does not load
// (including a failure that happened before hydration, which onError alone would miss).
import { useEffect, useRef, useState } from 'react';

export function SafeImage({
  src,
  alt,
  className,
  fallback,
}: {
  src: string;
  alt: string;
  className: string;
  fallback: React.ReactNode;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.src) setBroken(src);
  }, [src]);
  if (!/^https?:\/\//.test(src) || broken === src) return <>{fallback}</>;
  return <img ref={ref} src={src} alt={alt} onError={() => setBroken(src)} className={className} />;
}
