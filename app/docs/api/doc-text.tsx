// Description text from the OpenAPI document: paragraphs split by blank lines, `code` spans.
// `inline` keeps it inside a line of other text (one span, paragraphs joined).
export function DocText({
  text,
  className = '',
  inline = false,
}: {
  text: string;
  className?: string;
  inline?: boolean;
}) {
  if (inline) return <span className={`break-words ${className}`}>{spans(text.replace(/\n{2,}/g, ' '))}</span>;
  return (
    <div className={`space-y-2 break-words ${className}`}>
      {text.split(/\n{2,}/).map((para, i) => (
        <p key={i}>{spans(para)}</p>
      ))}
    </div>
  );
}

function spans(para: string) {
  return para.split(/(`[^`]+`)/).map((part, j) =>
    part.startsWith('`') && part.endsWith('`') && part.length > 2 ? (
      <code key={j} className="rounded bg-stone-100 px-1 py-0.5 text-[0.9em] text-stone-900">
        {part.slice(1, -1)}
      </code>
    ) : (
      part
    ),
  );
}
