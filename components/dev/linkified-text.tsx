// Plain text with its http(s) links made clickable (React escapes everything else).
const URL_RE = /(https?:\/\/[^\s<>"']+)/g;

export function LinkifiedText({ text, className }: { text: string; className?: string }) {
  const parts = text.split(URL_RE);
  return (
    <p className={className}>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a
            key={i}
            href={part}
            className="font-medium break-all text-brand-700 underline underline-offset-2 hover:text-brand-600"
          >
            {part}
          </a>
        ) : (
          <span key={i}>{part}</span>
        ),
      )}
    </p>
  );
}
