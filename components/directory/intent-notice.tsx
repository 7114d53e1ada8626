'use client';
// "Your vote was counted": shown once on the product page after a vote or follow pressed while
// signed out was performed on the way back from sign-in. Without JavaScript the line is in the HTML;
// with it the text is put into the live region after load (so screen readers announce it) and the
// one-minute cookie that asked for it is cleared, so a reload does not say it again.
import { useEffect, useState } from 'react';

export function IntentNotice({ message, cookieName }: { message: string; cookieName: string }) {
  const [text, setText] = useState(message);
  useEffect(() => {
    document.cookie = `${cookieName}=; Max-Age=0; path=${window.location.pathname}`;
    const clear = window.setTimeout(() => setText(''), 0);
    const say = window.setTimeout(() => setText(message), 100);
    return () => {
      window.clearTimeout(clear);
      window.clearTimeout(say);
    };
  }, [message, cookieName]);
  return (
    <div role="status" data-testid="intent-notice">
      {text && (
        <p className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-2 text-sm font-medium text-emerald-900">
          {text}
        </p>
      )}
    </div>
  );
}
