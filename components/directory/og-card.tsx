// Open Graph cards drawn with @vercel/og. Only the bundled font and inline shapes: no remote
// fonts or images are fetched while rendering.
import { ImageResponse } from '@vercel/og';

export const OG_SIZE = { width: 1200, height: 630 };

function Frame({ children, footer }: { children: React.ReactNode; footer: string }) {
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(135deg, #fff4ed 0%, #ffffff 60%)',
        padding: 64,
        fontFamily: 'sans-serif',
        color: '#1c1917',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, fontSize: 30, fontWeight: 700 }}>
        <div
          style={{
            width: 52,
            height: 52,
            borderRadius: 12,
            background: '#f26b1d',
            color: 'white',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: 30,
          }}
        >
          P
        </div>
        <div style={{ display: 'flex' }}>Product Directory</div>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', flex: 1, justifyContent: 'center' }}>{children}</div>
      <div style={{ display: 'flex', fontSize: 26, color: '#78716c' }}>{footer}</div>
    </div>
  );
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** "Launching / Week 50 / 2026" from an ISO week, or "Launching / soon" without one. */
function launchCorner(week: string | null) {
  const m = week ? /^(\d{4})-W(\d{2})$/.exec(week) : null;
  return m
    ? { top: 'Launching', big: `Week ${Number(m[2])}`, bottom: m[1] }
    : { top: 'Launching', big: 'soon', bottom: '' };
}

/**
 * A product's share card. A launched product shows its votes; one not launched yet (its "coming soon"
 * page) shows its launch week instead (`launching`: the ISO week, or null when none is chosen yet).
 */
export function listingCard(
  l: { name: string; headline: string; categories: string[] } & ({ votes: number } | { launching: string | null }),
) {
  const corner =
    'votes' in l
      ? { top: '▲', big: String(l.votes), bottom: l.votes === 1 ? 'vote' : 'votes' }
      : launchCorner(l.launching);
  const footer =
    'votes' in l
      ? l.categories.slice(0, 3).join(' · ') || 'Launched on Product Directory'
      : 'Launching on Product Directory';
  return new ImageResponse(
    <Frame footer={footer}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 40 }}>
        <div
          style={{
            width: 150,
            height: 150,
            borderRadius: 32,
            background: '#ffe6d5',
            color: '#b64310',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: 84,
            fontWeight: 700,
          }}
        >
          {l.name.charAt(0).toUpperCase()}
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', flex: 1 }}>
          <div style={{ fontSize: 76, fontWeight: 800, letterSpacing: -2 }}>{clip(l.name, 28)}</div>
          <div style={{ fontSize: 36, color: '#57534e', marginTop: 12 }}>{clip(l.headline, 90)}</div>
        </div>
        <div
          style={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            border: '3px solid #f26b1d',
            borderRadius: 24,
            padding: '18px 30px',
            color: '#b64310',
          }}
        >
          <div style={{ fontSize: 30 }}>{corner.top}</div>
          <div style={{ fontSize: 56, fontWeight: 800 }}>{corner.big}</div>
          {corner.bottom && <div style={{ fontSize: 22 }}>{corner.bottom}</div>}
        </div>
      </div>
    </Frame>,
    OG_SIZE,
  );
}

export function leaderboardCard(title: string, subtitle: string, rows: { name: string; votes: number }[]) {
  return new ImageResponse(
    <Frame footer={subtitle}>
      <div style={{ fontSize: 60, fontWeight: 800, letterSpacing: -1.5 }}>{title}</div>
      <div style={{ display: 'flex', flexDirection: 'column', marginTop: 24, gap: 10 }}>
        {rows.length === 0 && <div style={{ fontSize: 32, color: '#78716c' }}>No votes yet this week.</div>}
        {rows.slice(0, 5).map((r, i) => (
          <div key={i} style={{ display: 'flex', alignItems: 'center', fontSize: 34 }}>
            <div style={{ width: 56, color: '#a8a29e', fontWeight: 700 }}>{String(i + 1)}</div>
            <div style={{ flex: 1, fontWeight: 600 }}>{clip(r.name, 40)}</div>
            <div style={{ color: '#b64310', fontWeight: 700 }}>{`▲ ${r.votes}`}</div>
          </div>
        ))}
      </div>
    </Frame>,
    OG_SIZE,
  );
}
