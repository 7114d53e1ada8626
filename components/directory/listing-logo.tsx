// A listing's logo, or its initial on a colour picked from the name (no image request then; and when
// the image does not load).
import { LogoImage } from './logo-image';
const palette = [
  'bg-orange-100 text-orange-700',
  'bg-sky-100 text-sky-700',
  'bg-emerald-100 text-emerald-700',
  'bg-violet-100 text-violet-700',
  'bg-rose-100 text-rose-700',
  'bg-amber-100 text-amber-800',
  'bg-teal-100 text-teal-700',
  'bg-indigo-100 text-indigo-700',
];

function hash(text: string) {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return Math.abs(h);
}

const sizes = {
  sm: 'h-10 w-10 text-base rounded-lg',
  md: 'h-12 w-12 text-lg rounded-xl',
  lg: 'h-16 w-16 text-2xl rounded-2xl sm:h-20 sm:w-20 sm:text-3xl',
};

export function ListingLogo({
  name,
  logoUrl,
  size = 'md',
  eager = false,
}: {
  name: string;
  logoUrl: string | null;
  size?: keyof typeof sizes;
  eager?: boolean;
}) {
  const box = `${sizes[size]} shrink-0 border border-stone-200`;
  const initial = (
    <span
      aria-hidden
      className={`${box} grid place-items-center font-semibold ${palette[hash(name) % palette.length]}`}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
  if (logoUrl && /^https?:\/\//.test(logoUrl))
    return <LogoImage src={logoUrl} eager={eager} className={`${box} bg-white object-cover`} fallback={initial} />;
  return initial;
}
