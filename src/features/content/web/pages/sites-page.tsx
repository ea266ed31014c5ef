import { Link } from 'react-router'
import { useDiscordLinks } from '@/features/landing/web/public'
import { Page } from '@/platform/web/components/ui/page'
import type { SiteSection } from '@/shared/page-info'
import { PAGES } from '@/shared/pages'

const SECTIONS: SiteSection[] = ['Tools', 'Stock', 'Community', 'Account', 'Resources', 'Company']
/** Served by the server as redirects to Discord (a full page load), listed only where configured. */
const DISCORD_LINKS = { '/join-server': 'server', '/invite-bot': 'bot' } as const
const discordLinkOf = (href: string) => DISCORD_LINKS[href as keyof typeof DISCORD_LINKS]

/** The site map: every page of the site, from the same list the router and the server use. */
export function SitesPage() {
  const discord = useDiscordLinks()
  const listed = PAGES.filter((p) => {
    const link = discordLinkOf(p.href ?? p.path)
    return !link || discord[link]
  })
  return (
    <Page title="Site map" lead="Every page of TradeHub." wide>
      <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
        {SECTIONS.map((section) => (
          <section key={section} aria-labelledby={`section-${section}`}>
            <h2 id={`section-${section}`} className="font-semibold text-lg">
              {section}
            </h2>
            <ul className="mt-3 space-y-2">
              {listed
                .filter((p) => p.section === section)
                .map((p) => {
                  const href = p.href ?? p.path
                  return (
                    <li key={p.path}>
                      <Link
                        to={href}
                        reloadDocument={discordLinkOf(href) !== undefined}
                        className="text-accent hover:underline"
                      >
                        {p.path === '/' ? 'Home' : p.title}
                      </Link>
                      <p className="text-muted text-sm">{p.description}</p>
                    </li>
                  )
                })}
            </ul>
          </section>
        ))}
      </div>
    </Page>
  )
}
