import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AlertSettings } from '@/features/alerts/contract'
import { ALERT_LIMITS, ALERT_MESSAGES, type AlertEmailKind } from '@/features/alerts/rules'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Field, FormMessage } from '@/platform/web/components/ui/field'
import { LoadError } from '@/platform/web/components/ui/load-error'
import { ApiError } from '@/platform/web/lib/api'
import { alertSettingsQuery, useTestDiscord, useUpdateSettings } from '../api'
import { sectionClass, Toggle } from './ui'

const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback)

function EmailSettings({ settings }: { settings: AlertSettings }) {
  const update = useUpdateSettings()
  const set = (kind: AlertEmailKind) => (on: boolean) => update.mutate({ email: { [kind]: on } })
  return (
    <div>
      <h3 className="font-semibold">E-mail</h3>
      <p className="mt-1 text-muted text-sm">
        Alert and trade e-mails go to{' '}
        <span className="font-medium text-ink [overflow-wrap:anywhere]">{settings.emailAddress}</span>, at
        most one every {ALERT_LIMITS.emailIntervalMinutes} minutes: what happens meanwhile comes together in
        the next.
      </p>
      <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        <Toggle
          label="Restocks by e-mail"
          checked={settings.email.restock}
          disabled={update.isPending}
          onChange={set('restock')}
        />
        <Toggle
          label="Value changes by e-mail"
          checked={settings.email.value}
          disabled={update.isPending}
          onChange={set('value')}
        />
        <Toggle
          label="Trades by e-mail"
          checked={settings.email.trades}
          disabled={update.isPending}
          onChange={set('trades')}
        />
      </div>
      {update.isError && (
        <p role="alert" className="mt-2 text-danger text-sm">
          {messageOf(update.error, 'Update failed')}
        </p>
      )}
    </div>
  )
}

function DiscordSettings({ settings }: { settings: AlertSettings }) {
  const [address, setAddress] = useState('')
  const [error, setError] = useState<string | null>(null)
  const save = useUpdateSettings()
  const remove = useUpdateSettings()
  const trades = useUpdateSettings()
  const test = useTestDiscord()
  const { webhook, problem } = settings.discord

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    test.reset()
    const value = address.trim()
    // The server checks the address (host, scheme, credentials, private networks) and says what is wrong.
    setError(value ? null : ALERT_MESSAGES.webhookPath)
    if (!value) return
    save.mutate(
      { discordWebhookUrl: value },
      {
        // The field never keeps the address once saved: the server shows it back masked.
        onSuccess: () => setAddress(''),
        onError: (e) =>
          setError(
            (e instanceof ApiError && e.fields?.discordWebhookUrl) ||
              messageOf(e, 'The webhook could not be saved. Please try again.'),
          ),
      },
    )
  }

  return (
    <div>
      <h3 className="font-semibold">Discord</h3>
      <p className="mt-1 text-muted text-sm">
        Paste the address of a channel webhook (Discord: channel settings, Integrations, Webhooks). It is
        never shown back in full.
      </p>
      {problem && (
        <div className="mt-3">
          <FormMessage kind="error">{problem}</FormMessage>
        </div>
      )}
      {webhook && (
        <div className="mt-3 flex flex-wrap items-center gap-2 rounded-lg border border-line bg-bg/40 px-3 py-2">
          <p className="min-w-0 flex-1 text-sm">
            <span className="text-muted">Webhook: </span>
            <code className="[overflow-wrap:anywhere]">{webhook}</code>
            {!settings.discord.enabled && <span className="text-muted"> (off)</span>}
          </p>
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            disabled={test.isPending}
            onClick={() => test.mutate()}
          >
            {test.isPending ? 'Sending…' : 'Test'}
          </button>
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            disabled={remove.isPending}
            onClick={() => {
              test.reset()
              remove.mutate({ discordWebhookUrl: null })
            }}
          >
            Remove webhook
          </button>
        </div>
      )}
      {webhook && (
        <div className="mt-3">
          <Toggle
            label="Trades on Discord"
            checked={settings.discord.trades}
            disabled={trades.isPending}
            onChange={(on) => trades.mutate({ discordTrades: on })}
          />
          {trades.isError && (
            <p role="alert" className="mt-2 text-danger text-sm">
              {messageOf(trades.error, 'Update failed')}
            </p>
          )}
        </div>
      )}
      {test.isSuccess && (
        <div className="mt-2">
          <FormMessage kind="info">{test.data?.message ?? ALERT_MESSAGES.testSent}</FormMessage>
        </div>
      )}
      {test.isError && (
        <div className="mt-2">
          <FormMessage kind="error">
            {messageOf(test.error, 'The test message could not be sent.')}
          </FormMessage>
        </div>
      )}
      {remove.isError && (
        <p role="alert" className="mt-2 text-danger text-sm">
          {messageOf(remove.error, 'Update failed')}
        </p>
      )}
      <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field
          className="min-w-0 flex-1"
          label={webhook ? 'New webhook address' : 'Webhook address'}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://discord.com/api/webhooks/…"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          error={error}
        />
        <button type="submit" className={`${buttonClass('primary', 'sm')} sm:mt-7`} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save webhook'}
        </button>
      </form>
    </div>
  )
}

/** How alerts and trade notifications arrive: in-app always, e-mail per kind, a Discord webhook. */
export function DeliverySettings() {
  const query = useQuery(alertSettingsQuery)
  return (
    <section aria-labelledby="alerts-delivery" className={sectionClass}>
      <h2 id="alerts-delivery" className="font-semibold text-lg">
        Delivery
      </h2>
      <p className="mt-1 text-muted text-sm">
        Every alert and trade notification arrives here, under the bell. You can also have them by e-mail and
        on Discord.
      </p>
      <div className="mt-4 space-y-6">
        {query.isPending ? (
          <p role="status" className="text-muted text-sm">
            Loading delivery settings…
          </p>
        ) : query.isError ? (
          <LoadError what="Your delivery settings" onRetry={() => query.refetch()} />
        ) : (
          <>
            <EmailSettings settings={query.data} />
            <DiscordSettings settings={query.data} />
          </>
        )}
      </div>
      <p className="mt-6 border-line border-t pt-4 text-muted text-xs">
        Limits: {ALERT_LIMITS.maxWatches} watched items, {ALERT_LIMITS.maxRules} rules, and e-mail at most
        every {ALERT_LIMITS.emailIntervalMinutes} minutes.
      </p>
    </section>
  )
}
