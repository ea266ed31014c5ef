import { Link } from 'react-router'
import { PAGES, type SiteSection } from '@/shared/pages'
import { Page } from '@/web/components/ui/page'

const SECTIONS: SiteSection[] = ['Tools', 'Stock', 'Community', 'Account', 'Resources', 'Company']
/** Served by the server as redirects to Discord: a full page load. */
const DOCUMENT_LINKS = new Set(['/join-server', '/invite-bot'])

/** The site map: every page of the site, from the same list the router and the server use. */
export function SitesPage() {
  return (
    <Page title="Site map" lead="Every page of TradeHub." wide>
      <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
        {SECTIONS.map((section) => (
          <section key={section} aria-labelledby={`section-${section}`}>
            <h2 id={`section-${section}`} className="font-semibold text-lg">
              {section}
            </h2>
            <ul className="mt-3 space-y-2">
              {PAGES.filter((p) => p.section === section).map((p) => {
                const href = p.href ?? p.path
                return (
                  <li key={p.path}>
                    <Link
                      to={href}
                      reloadDocument={DOCUMENT_LINKS.has(href)}
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
