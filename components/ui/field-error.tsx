// What is wrong with one input, announced when it appears; link it with aria-describedby={id}.
// `className` replaces the top margin (default mt-1.5).
export function FieldError({
  id,
  children,
  className = 'mt-1.5',
}: {
  id?: string;
  children: React.ReactNode;
  className?: string;
}) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className={`text-sm wrap-anywhere text-red-700 ${className}`}>
      {children}
    </p>
  );
}
