import { MessagesSquare } from 'lucide-react'
import { Link } from 'react-router'
import { useDiscordLinks } from '@/features/landing/web/public'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Page, Prose } from '@/platform/web/components/ui/page'
import { lazy } from '@/platform/web/lib/lazy'
import { Part } from '@/platform/web/lib/part'

/** The form checks with the shared schemas: its code (zod's with it) loads apart from the page's. */
const ContactForm = lazy(async () => ({ default: (await import('../components/contact-form')).ContactForm }))

/** /contact: the contact form, and the Discord server where one is configured. */
export function ContactPage() {
  const discord = useDiscordLinks()
  return (
    <Page
      title="Contact"
      lead="Write to the TradeHub team with the form below: we answer at the e-mail address you give."
    >
      <Part>
        <ContactForm />
      </Part>

      {discord.server && (
        <div className="mt-6 flex flex-col gap-4 rounded-2xl border border-line bg-surface p-6 sm:flex-row sm:items-center">
          <MessagesSquare aria-hidden="true" className="size-10 shrink-0 text-accent" />
          <div className="flex-1">
            <h2 className="font-semibold text-ink text-lg">Or ask on the TradeHub Discord</h2>
            <p className="mt-1 text-muted text-sm">
              The team and the community answer questions about values and trades there too.
            </p>
          </div>
          <Link to="/join-server" reloadDocument className={buttonClass('secondary')}>
            Open Discord
          </Link>
        </div>
      )}

      <Prose>
        <h2>What you can contact us about</h2>
        <ul>
          <li>
            <strong>Value corrections.</strong> If an item's value looks wrong, tell us the game, the item and
            recent trades that show a different value.
          </li>
          <li>
            <strong>Bugs.</strong> Tell us the page address, what you did, what you expected and what happened
            instead. A screenshot and the name of your browser and device help a lot.
          </li>
          <li>
            <strong>Account help.</strong> Problems signing in, changing your profile or linking a sign-in
            provider.
          </li>
          <li>
            <strong>Data requests.</strong> Asking for a copy of your data, or for your account or launch-list
            sign-up to be deleted. See the <Link to="/privacy">privacy policy</Link> for what we store.
          </li>
          <li>
            <strong>Ideas.</strong> Games, features or tools you would like to see.
          </li>
        </ul>

        <h2>Keep yourself safe while asking</h2>
        <p>
          The TradeHub team will never ask for your Roblox password, your .ROBLOSECURITY cookie, a
          verification code, or for items or Robux. Anyone who does is not us, even if their name or picture
          looks official. Ask for help in the server's public channels rather than in direct messages, and
          never click sign-in links that strangers send you.
        </p>

        <h2>E-mails from TradeHub</h2>
        <p>
          Launch-list e-mails confirm your sign-up and bring news of the OG program. They are not a support
          channel, so please write to us with the form above instead of replying to them. If our e-mails do
          not reach you, the <Link to="/safe-sender-guide">safe sender guide</Link> shows how to move them out
          of spam.
        </p>

        <h2>Before you ask</h2>
        <p>
          Many questions about values, the trade calculator and the stock trackers are answered in the{' '}
          <Link to="/docs">documentation</Link>. Tips for trading safely are on the{' '}
          <Link to="/trust-and-security">trust &amp; security</Link> page.
        </p>
      </Prose>
    </Page>
  )
}
