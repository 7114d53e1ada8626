'use client';
// A message shown once, asked for by a one-minute cookie: "Your vote was counted" on the product page
// after sign-in performed a vote pressed while signed out; what the site team just did at the top of
// the listings page. Without JavaScript the line is in the HTML;
// with it the text is put into the live region after load (so screen readers announce it) and the
// one-minute cookie that asked for it is cleared, so a reload does not say it again.
import { useEffect, useState } from 'react';

export function FlashNotice({ message, cookieName }: { message: string; cookieName: string }) {
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
    <div role="status" data-testid="flash-notice">
      {text && (
        <p className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-2 text-sm font-medium text-emerald-900">
          {text}
        </p>
      )}
    </div>
  );
}
