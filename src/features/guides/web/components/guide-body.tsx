import { Prose } from '@/platform/web/components/ui/page'

/**
 * A guide's HTML as the server rendered it from Markdown and sanitized it (render.ts on the server:
 * no script, no event handler, only http(s) and site links, only the site's images). Never pass it
 * anything else.
 */
export function GuideBody({ html, className = '' }: { html: string; className?: string }) {
  return (
    <div className={className}>
      <Prose>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (guides render.ts) */}
        <div className="guide-body" dangerouslySetInnerHTML={{ __html: html }} />
      </Prose>
    </div>
  )
}
