import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { AdminArea, Panel } from '@/features/admin/web/public'
import type { StaffGuide } from '@/features/guides/contract'
import { GUIDE_BODY_MAX, GUIDE_TITLE_MAX, type GuideStatus } from '@/features/guides/rules'
import { NotFoundPage } from '@/platform/web/app/not-found-page'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Field, FormMessage, TextAreaField } from '@/platform/web/components/ui/field'
import { Select } from '@/platform/web/components/ui/select'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiError } from '@/platform/web/lib/api'
import { formatDay } from '@/platform/web/lib/format'
import { toast } from '@/platform/web/lib/toast'
import { GAME_IDS, GAME_NAMES, type GameId } from '@/shared/games'
import { staffGuideQuery, staffGuidesQuery, usePreviewGuide, useSaveGuide } from '../api'
import { GuideBody } from '../components/guide-body'

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong')
const GAME_OPTIONS = [['', 'All games'], ...GAME_IDS.map((g) => [g, GAME_NAMES[g]] as const)] as const
const STATUS_LABELS: Record<GuideStatus, string> = { draft: 'Draft', published: 'Published' }

// --- The list -------------------------------------------------------------------------------------

/** /admin/guides: every guide, drafts too, with New guide (admins add guide editors on /admin/guide-editors). */
export function AdminGuidesPage() {
  return (
    <AdminArea title="Guides" back="/admin/guides" guideEditors>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <GuideList />
      </div>
    </AdminArea>
  )
}

function GuideList() {
  const query = useQuery(staffGuidesQuery)
  return (
    <Panel title="Guides" id="guides-list">
      <Link to="/admin/guides/new" className={buttonClass('primary', 'md')}>
        New guide
      </Link>
      <div className="mt-4">
        {query.isPending ? (
          <Spinner label="Loading guides" />
        ) : query.isError ? (
          <ErrorPanel onRetry={() => query.refetch()} />
        ) : query.data.guides.length === 0 ? (
          <p className="text-muted">No guides yet.</p>
        ) : (
          <ul className="divide-y divide-line">
            {query.data.guides.map((g) => (
              <li key={g.slug} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
                <Link
                  to={`/admin/guides/${g.slug}`}
                  className="min-w-0 py-0.5 font-medium [overflow-wrap:anywhere]"
                >
                  {g.title}
                </Link>
                <span className="text-muted text-xs">
                  {STATUS_LABELS[g.status]} · {g.game ? GAME_NAMES[g.game] : 'All games'} · updated{' '}
                  {formatDay(g.updatedAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Panel>
  )
}

// --- The editor -----------------------------------------------------------------------------------

/** /admin/guides/:slug (`new`: a new guide): title, game, Markdown with the server's preview, revisions. */
export function AdminGuidePage() {
  const slug = useParams().slug ?? 'new'
  return (
    <AdminArea
      title={slug === 'new' ? 'New guide' : 'Edit guide'}
      back={`/admin/guides/${slug}`}
      guideEditors
    >
      {slug === 'new' ? <GuideEditor key="new" /> : <ExistingGuide slug={slug} />}
    </AdminArea>
  )
}

function ExistingGuide({ slug }: { slug: string }) {
  const query = useQuery(staffGuideQuery(slug))
  if (query.isPending) return <Spinner label="Loading guide" />
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />
    return <ErrorPanel onRetry={() => query.refetch()} />
  }
  return <GuideEditor key={slug} guide={query.data} />
}

function GuideEditor({ guide }: { guide?: StaffGuide }) {
  const navigate = useNavigate()
  const save = useSaveGuide()
  const preview = usePreviewGuide()
  const [title, setTitle] = useState(guide?.title ?? '')
  const [game, setGame] = useState<GameId | ''>(guide?.game ?? '')
  const [body, setBody] = useState(guide?.body ?? '')
  const [previewing, setPreviewing] = useState(false)
  const previewBody = preview.mutate

  // Once the preview is open, it follows the text (the server renders it) a moment after typing stops.
  useEffect(() => {
    if (!previewing || !body.trim()) return
    const timer = setTimeout(() => previewBody(body), 600)
    return () => clearTimeout(timer)
  }, [previewing, body, previewBody])

  const submit = (status: GuideStatus) => {
    save.mutate(
      { slug: guide?.slug, title, game: game || null, body, status },
      {
        onSuccess: ({ slug }) => {
          toast.success(status === 'published' ? 'Guide published' : 'Draft saved')
          if (!guide) navigate(`/admin/guides/${slug}`, { replace: true })
        },
      },
    )
  }
  const published = guide?.status === 'published'
  const fields = save.error instanceof ApiError ? save.error.fields : undefined
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Panel title={guide ? guide.title : 'New guide'} id="guide-editor">
        {guide && (
          <p className="-mt-2 mb-4 text-muted text-sm">
            {STATUS_LABELS[guide.status]}
            {published && (
              <>
                {' · '}
                <Link to={`/guides/${guide.slug}`} className="text-accent underline">
                  View the guide
                </Link>
              </>
            )}
          </p>
        )}
        <form
          aria-label="Guide"
          onSubmit={(e) => {
            e.preventDefault()
            submit(published ? 'published' : 'draft')
          }}
          className="grid gap-4"
        >
          <Field
            label="Title"
            required
            maxLength={GUIDE_TITLE_MAX}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={fields?.title}
          />
          <Select
            label="Game"
            value={game}
            options={GAME_OPTIONS}
            onChange={(v) => setGame(v as GameId | '')}
          />
          <TextAreaField
            label="Body (Markdown)"
            hint="## for a heading, - for a list, [text](https://…) for a link, ![text](/uploads/…) for a picture uploaded to the site (an item's image or an avatar). Raw HTML is shown as text."
            required
            rows={16}
            maxLength={GUIDE_BODY_MAX}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            error={fields?.body}
            className="font-mono"
          />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={!body.trim() || preview.isPending}
              onClick={() => {
                setPreviewing(true)
                previewBody(body)
              }}
              className={buttonClass('secondary', 'md')}
            >
              Preview
            </button>
            {published ? (
              <>
                <button type="submit" disabled={save.isPending} className={buttonClass('primary', 'md')}>
                  Save
                </button>
                <button
                  type="button"
                  disabled={save.isPending}
                  onClick={() => submit('draft')}
                  className={buttonClass('secondary', 'md')}
                >
                  Move to drafts
                </button>
              </>
            ) : (
              <>
                <button type="submit" disabled={save.isPending} className={buttonClass('secondary', 'md')}>
                  Save draft
                </button>
                <button
                  type="button"
                  disabled={save.isPending}
                  onClick={() => submit('published')}
                  className={buttonClass('primary', 'md')}
                >
                  Publish
                </button>
              </>
            )}
          </div>
          {save.isError && <FormMessage kind="error">{errorText(save.error)}</FormMessage>}
        </form>
      </Panel>
      {previewing && (
        <Panel title="Preview" id="guide-preview">
          {preview.isError ? (
            <FormMessage kind="error">{errorText(preview.error)}</FormMessage>
          ) : preview.data ? (
            <GuideBody html={preview.data.html} />
          ) : (
            <Spinner label="Rendering preview" />
          )}
        </Panel>
      )}
      {guide && (
        <Panel title="Revisions" id="guide-revisions">
          <ol className="grid gap-1 text-sm">
            {guide.revisions.map((r) => (
              <li key={r.id} className="[overflow-wrap:anywhere]">
                <time dateTime={r.at}>
                  {new Date(r.at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}
                </time>{' '}
                · {r.by ? `@${r.by}` : r.bySite ? 'TradeHub' : 'a staff member'} ·{' '}
                <span className="text-muted">{r.title}</span>
              </li>
            ))}
          </ol>
        </Panel>
      )}
    </div>
  )
}
