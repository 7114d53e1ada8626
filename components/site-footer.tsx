import Link from 'next/link';

const groups = [
  {
    title: 'Discover',
    links: [
      ['/search', 'Browse'],
      ['/leaderboard', 'Leaderboard'],
      ['/categories', 'Categories'],
      ['/updates', 'Latest updates'],
    ],
  },
  {
    title: 'Makers',
    links: [
      ['/pricing', 'Pricing'],
      ['/interview', 'Founder interview'],
      ['/docs/api', 'API'],
      ['/api/v1/openapi.json', 'OpenAPI'],
    ],
  },
  {
    title: 'Feeds',
    links: [
      ['/feeds/launches.xml', 'Launches RSS'],
      ['/feeds/updates.xml', 'Updates RSS'],
      ['/sitemap.xml', 'Sitemap'],
      ['/llms.txt', 'llms.txt'],
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-stone-200 bg-white">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-8 text-sm sm:grid-cols-4">
        <div className="col-span-2 sm:col-span-1">
          <p className="font-semibold text-stone-900">Product Directory</p>
          <p className="mt-1 text-stone-500">Where makers launch and people vote.</p>
        </div>
        {groups.map((g) => (
          <div key={g.title}>
            <p className="font-medium text-stone-900">{g.title}</p>
            <ul className="mt-2 space-y-1.5">
              {g.links.map(([href, label]) => (
                <li key={href}>
                  {href.includes('.') ? (
                    <a href={href} className="text-stone-500 hover:text-stone-900">
                      {label}
                    </a>
                  ) : (
                    <Link href={href} className="text-stone-500 hover:text-stone-900">
                      {label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </footer>
  );
}
