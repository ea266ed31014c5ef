import { Link } from 'react-router'
import { TeamLink } from '@/features/landing/web/public'
import { RESEND_COOLDOWN_SECONDS } from '@/features/launch-list/rules'
import { Page, Prose } from '@/platform/web/components/ui/page'

/** /safe-sender-guide: how to make sure launch-list e-mails land in the inbox. */
export function SafeSenderGuidePage() {
  return (
    <Page
      title="Safe sender guide"
      lead="Make sure e-mails from TradeHub, such as your sign-up confirmation and the launch announcement, land in your inbox instead of spam."
    >
      <Prose>
        <h2>First, find our address</h2>
        <p>
          Open the verification e-mail you received after joining the launch list and look at its{' '}
          <strong>From</strong> line. The e-mail address shown there is the one to mark as safe in the steps
          below. In most mail apps you can click or tap the sender's name to see the full address. If you
          cannot find the e-mail at all, look in your Spam or Junk folder first.
        </p>

        <h2>Gmail</h2>
        <h3>Move it out of Spam</h3>
        <ol>
          <li>Open Gmail and click Spam in the left menu (it may be under More).</li>
          <li>Open the TradeHub e-mail.</li>
          <li>Click Report not spam (called Not spam in some versions) at the top of the message.</li>
        </ol>
        <h3>Add the sender to your contacts</h3>
        <ol>
          <li>Open the TradeHub e-mail.</li>
          <li>Hover over the sender's name at the top of the message.</li>
          <li>In the card that appears, click Add to contacts.</li>
        </ol>
        <h3>Create a filter so it never goes to Spam</h3>
        <ol>
          <li>Click the Show search options button at the right end of the Gmail search bar.</li>
          <li>In the From field, enter the address from the verification e-mail.</li>
          <li>Click Create filter.</li>
          <li>
            Tick Never send it to Spam. You can also tick Categorize as and choose Primary to keep it out of
            the Promotions tab.
          </li>
          <li>Click Create filter again to save.</li>
        </ol>
        <h3>If it landed in the Promotions tab</h3>
        <ol>
          <li>Drag the TradeHub e-mail from the Promotions tab onto the Primary tab.</li>
          <li>When Gmail asks whether to do this for future messages from the sender, click Yes.</li>
        </ol>
        <p>
          In the Gmail app on a phone, open the e-mail, tap the three-dot menu, choose Move to and pick
          Primary.
        </p>

        <h2>Outlook.com and Outlook</h2>
        <h3>Mark it as not junk</h3>
        <ol>
          <li>Open the Junk Email folder.</li>
          <li>Select the TradeHub e-mail.</li>
          <li>
            Select Not junk in the toolbar (in newer versions it is under Report). The message moves to your
            inbox.
          </li>
        </ol>
        <h3>Add the sender to Safe senders</h3>
        <ol>
          <li>Open Settings (the gear icon) and go to Mail, then Junk email.</li>
          <li>Under Safe senders and domains, select Add.</li>
          <li>Enter the address from the verification e-mail, press Enter and select Save.</li>
        </ol>
        <p>
          In classic Outlook for Windows, select the message and choose Home, Junk, Not Junk. To add a safe
          sender there, choose Home, Junk, Junk E-mail Options, open the Safe Senders tab and select Add. If
          your inbox is split into Focused and Other, right-click the message in Other and choose Always move
          to Focused.
        </p>

        <h2>Yahoo Mail</h2>
        <h3>Mark it as not spam</h3>
        <ol>
          <li>Open the Spam folder.</li>
          <li>Select the TradeHub e-mail.</li>
          <li>Click Not spam in the toolbar. The message moves to your inbox.</li>
        </ol>
        <h3>Add the sender to your contacts</h3>
        <ol>
          <li>Open the TradeHub e-mail.</li>
          <li>Click or hover over the sender's name.</li>
          <li>Choose Add to contacts and save.</li>
        </ol>
        <h3>Create a filter that moves it to the Inbox</h3>
        <ol>
          <li>Click Settings (the gear icon), then More Settings.</li>
          <li>Choose Filters, then Add new filters.</li>
          <li>Give the filter a name, such as TradeHub.</li>
          <li>Set the From rule to contains and enter the address from the verification e-mail.</li>
          <li>Choose Inbox as the folder to move the e-mail to, then click Save.</li>
        </ol>

        <h2>Still missing?</h2>
        <ul>
          <li>Check your Spam or Junk folder, and tabs such as Promotions, Updates or Other.</li>
          <li>
            Wait a few minutes. E-mails are usually quick, but some providers hold new senders back for a
            while.
          </li>
          <li>Make sure you typed your e-mail address correctly when you signed up.</li>
          <li>
            Send the e-mail again from the sign-up form on the <Link to="/">home page</Link>. The resend
            button becomes available {RESEND_COOLDOWN_SECONDS} seconds after the previous e-mail was sent.
          </li>
          <li>
            Still nothing? Ask us through <TeamLink />.
          </li>
        </ul>
      </Prose>
    </Page>
  )
}
