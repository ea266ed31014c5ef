import { Link } from 'react-router'
import { TeamLink } from '@/features/landing/web/public'
import { Page, Prose } from '@/platform/web/components/ui/page'

/** /privacy: what the site stores, why, and how to have it removed. */
export function PrivacyPage() {
  return (
    <Page
      title="Privacy policy"
      lead="What TradeHub stores about you, why it stores it, and how to have it removed."
    >
      <Prose>
        <h2>The short version</h2>
        <ul>
          <li>You can use the values, the WFL calculator and the stock trackers without an account.</li>
          <li>We store only what the launch list, accounts and running the site need.</li>
          <li>No advertising, no third-party trackers, and we do not sell your data.</li>
          <li>You can unsubscribe at any time and ask for your data to be deleted.</li>
        </ul>

        <h2>Early-access launch list</h2>
        <p>If you join the launch list, we store:</p>
        <ul>
          <li>your e-mail address;</li>
          <li>whether you have verified it, and when you signed up and verified.</li>
        </ul>
        <p>
          We use it only to send the verification e-mail and news of the OG program and new features. Every
          e-mail has an unsubscribe link; using it takes you off the list.
        </p>

        <h2>Accounts</h2>
        <p>If you create an account, we store:</p>
        <ul>
          <li>your e-mail address;</li>
          <li>
            your password as a one-way hash, never the password itself (if you sign in with a password);
          </li>
          <li>your username and display name;</li>
          <li>the bio, avatar and social links you choose to add;</li>
          <li>the sign-in providers you link to your account, so you can sign in with them;</li>
          <li>the items you mark as favorites.</li>
        </ul>
        <p>
          Your username, display name, bio, avatar and social links appear on your public profile. Your e-mail
          address is not shown to other users.
        </p>

        <h2>Cookies</h2>
        <p>
          When you sign in, we set a session cookie that keeps you signed in. It is httpOnly, so scripts on
          the page cannot read it, and it is used for signing in only. TradeHub does not use advertising
          cookies or third-party tracking or analytics cookies.
        </p>

        <h2>Server logs</h2>
        <p>
          Like most websites, our servers keep logs of requests, which can include your IP address, the page
          requested, the time and your browser's user agent. We use them only to run the site, fix errors and
          protect it from abuse.
        </p>

        <h2>Who else sees your data</h2>
        <p>
          We do not sell or rent your data and do not share it with advertisers. Services that host the site,
          deliver our e-mails or handle a sign-in provider you choose process data only to provide that
          service. When you sign in with another provider, that provider's own privacy policy also applies.
        </p>

        <h2>Your choices</h2>
        <ul>
          <li>
            <strong>Unsubscribe</strong> from launch e-mails with the link in any of them.
          </li>
          <li>
            <strong>Edit your profile</strong> and linked sign-in providers on your{' '}
            <Link to="/profile">profile</Link>.
          </li>
          <li>
            <strong>Ask for a copy or deletion</strong> of your data, including your account and your
            launch-list sign-up, through <TeamLink />. We may ask you to confirm that the e-mail address or
            account is yours before we act.
          </li>
        </ul>

        <h2>Changes to this policy</h2>
        <p>
          If we start storing something new, for example for a new feature, we will update this page first.
          The rules for using the site are in the <Link to="/terms">terms of service</Link>.
        </p>
      </Prose>
    </Page>
  )
}
